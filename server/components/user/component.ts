import type { ComponentDefinition } from '../../platform/component';
import { userMethods } from './external';

/** Users: profiles and preferences. */
export const userComponent: ComponentDefinition = {
  name: 'core_user',
  dir: import.meta.dirname,
  methods: userMethods,
};
