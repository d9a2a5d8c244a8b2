import type { ComponentDefinition } from '../platform/component';
import { coreComponent } from '../platform/core-component';
import { courseComponent } from './course/component';
import { userComponent } from './user/component';

/** Every component of the site, in install order. A new component is added here, last. */
export const components: readonly ComponentDefinition[] = [coreComponent, courseComponent, userComponent];
