import { CAP_ALLOW, CONTEXT_COURSE, type CapabilityDefinition } from '../../platform/access/types';

/** Course capabilities that core does not declare. */
export const courseCapabilities: CapabilityDefinition[] = [
  {
    name: 'moodle/course:visibility',
    captype: 'write',
    contextlevel: CONTEXT_COURSE,
    riskbitmask: 0,
    archetypes: { editingteacher: CAP_ALLOW, manager: CAP_ALLOW },
  },
];
