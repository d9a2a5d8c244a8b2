import type { ComponentDefinition } from '../platform/component';
import type { MethodDefinition } from './method';

/** Every web-service method of every component, by name. */
export class MethodRegistry {
  private readonly methods = new Map<string, MethodDefinition>();

  constructor(components: readonly ComponentDefinition[]) {
    for (const component of components) {
      for (const method of component.methods ?? []) {
        const name = method.contract.name;
        if (this.methods.has(name)) throw new Error(`Web-service method ${name} is declared twice`);
        this.methods.set(name, method);
      }
    }
  }

  get(name: string): MethodDefinition | undefined {
    return this.methods.get(name);
  }

  /** All methods, sorted by name (the documentation page lists them in this order). */
  all(): MethodDefinition[] {
    return [...this.methods.values()].sort((a, b) => a.contract.name.localeCompare(b.contract.name));
  }
}
