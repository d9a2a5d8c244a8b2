import type { ComponentDefinition } from '../platform/component';
import type { ComponentMigrations } from './migrator';

/** The migrations of the given components, in component order. */
export function migrationsOf(components: readonly ComponentDefinition[]): ComponentMigrations[] {
  return components.filter((c) => c.migrations).map((c) => ({ component: c.name, migrations: c.migrations ?? [] }));
}
