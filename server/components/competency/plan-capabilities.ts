import * as caps from '../../../api/competencyshapes';
import { CAP_ALLOW, CONTEXT_COURSE, CONTEXT_COURSECAT, CONTEXT_MODULE, CONTEXT_USER, RISK_PERSONAL, RISK_SPAM, RISK_XSS, type CapabilityDefinition } from '../../platform/access/types';

const manager = { manager: CAP_ALLOW };
const user = { user: CAP_ALLOW };

/** The capabilities of learning plans, templates, ratings and evidence, with Moodle's defaults (reference §4). */
export const planCapabilities: readonly CapabilityDefinition[] = [
  { name: caps.CAP_COMPETENCY_GRADE, captype: 'write', contextlevel: CONTEXT_COURSE, riskbitmask: RISK_SPAM | RISK_PERSONAL, archetypes: { teacher: CAP_ALLOW, editingteacher: CAP_ALLOW, manager: CAP_ALLOW } },
  { name: caps.CAP_COURSECOMPETENCY_MANAGE, captype: 'write', contextlevel: CONTEXT_COURSE, riskbitmask: 0, archetypes: { editingteacher: CAP_ALLOW, manager: CAP_ALLOW } },
  { name: caps.CAP_COURSECOMPETENCY_CONFIGURE, captype: 'write', contextlevel: CONTEXT_MODULE, riskbitmask: 0, archetypes: manager },
  { name: caps.CAP_COURSECOMPETENCY_GRADABLE, captype: 'read', contextlevel: CONTEXT_COURSE, riskbitmask: 0, archetypes: { student: CAP_ALLOW } },
  { name: caps.CAP_COURSECOMPETENCY_VIEW, captype: 'read', contextlevel: CONTEXT_COURSE, riskbitmask: 0, archetypes: user },
  { name: caps.CAP_EVIDENCE_DELETE, captype: 'write', contextlevel: CONTEXT_USER, riskbitmask: RISK_PERSONAL, archetypes: {} },
  { name: caps.CAP_PLAN_MANAGE, captype: 'write', contextlevel: CONTEXT_USER, riskbitmask: RISK_PERSONAL, archetypes: manager },
  { name: caps.CAP_PLAN_MANAGE_DRAFT, captype: 'write', contextlevel: CONTEXT_USER, riskbitmask: RISK_PERSONAL, archetypes: manager },
  { name: caps.CAP_PLAN_MANAGE_OWN, captype: 'write', contextlevel: CONTEXT_USER, riskbitmask: 0, archetypes: {} },
  { name: caps.CAP_PLAN_MANAGE_OWN_DRAFT, captype: 'write', contextlevel: CONTEXT_USER, riskbitmask: 0, archetypes: {} },
  { name: caps.CAP_PLAN_VIEW, captype: 'read', contextlevel: CONTEXT_USER, riskbitmask: RISK_PERSONAL, archetypes: manager },
  { name: caps.CAP_PLAN_VIEW_DRAFT, captype: 'read', contextlevel: CONTEXT_USER, riskbitmask: RISK_PERSONAL, archetypes: manager },
  { name: caps.CAP_PLAN_VIEW_OWN, captype: 'read', contextlevel: CONTEXT_USER, riskbitmask: 0, archetypes: user },
  { name: caps.CAP_PLAN_VIEW_OWN_DRAFT, captype: 'read', contextlevel: CONTEXT_USER, riskbitmask: 0, archetypes: {} },
  { name: caps.CAP_PLAN_REQUEST_REVIEW, captype: 'write', contextlevel: CONTEXT_USER, riskbitmask: 0, archetypes: manager },
  { name: caps.CAP_PLAN_REQUEST_REVIEW_OWN, captype: 'write', contextlevel: CONTEXT_USER, riskbitmask: 0, archetypes: user },
  { name: caps.CAP_PLAN_REVIEW, captype: 'write', contextlevel: CONTEXT_USER, riskbitmask: RISK_PERSONAL, archetypes: manager },
  { name: caps.CAP_UC_VIEW, captype: 'read', contextlevel: CONTEXT_USER, riskbitmask: RISK_PERSONAL, archetypes: { manager: CAP_ALLOW, editingteacher: CAP_ALLOW, teacher: CAP_ALLOW } },
  { name: caps.CAP_UC_REQUEST_REVIEW, captype: 'write', contextlevel: CONTEXT_USER, riskbitmask: 0, archetypes: manager },
  { name: caps.CAP_UC_REQUEST_REVIEW_OWN, captype: 'write', contextlevel: CONTEXT_USER, riskbitmask: 0, archetypes: user },
  { name: caps.CAP_UC_REVIEW, captype: 'write', contextlevel: CONTEXT_USER, riskbitmask: RISK_PERSONAL, archetypes: manager },
  { name: caps.CAP_TEMPLATE_MANAGE, captype: 'write', contextlevel: CONTEXT_COURSECAT, riskbitmask: RISK_XSS, archetypes: manager },
  { name: caps.CAP_TEMPLATE_VIEW, captype: 'read', contextlevel: CONTEXT_COURSECAT, riskbitmask: 0, archetypes: manager },
  { name: caps.CAP_USEREVIDENCE_MANAGE, captype: 'write', contextlevel: CONTEXT_USER, riskbitmask: RISK_PERSONAL | RISK_XSS, archetypes: manager },
  { name: caps.CAP_USEREVIDENCE_MANAGE_OWN, captype: 'write', contextlevel: CONTEXT_USER, riskbitmask: RISK_XSS, archetypes: user },
  { name: caps.CAP_USEREVIDENCE_VIEW, captype: 'read', contextlevel: CONTEXT_USER, riskbitmask: RISK_PERSONAL, archetypes: manager },
];
