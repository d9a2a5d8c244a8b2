import type { ComponentDefinition } from '../../platform/component';
import { courseformatMethods } from './external';
import { courseformatInplace, courseformatInplaceCurrent } from './inplace';
import { moduleEditPage } from './pages';

/** The course page's editing mode: sections and modules added, renamed, moved, hidden and deleted. */
export const courseformatComponent: ComponentDefinition = {
  name: 'core_courseformat',
  dir: import.meta.dirname,
  methods: courseformatMethods,
  pages: [moduleEditPage],
  inplaceEditable: courseformatInplace,
  inplaceCurrent: courseformatInplaceCurrent,
};
