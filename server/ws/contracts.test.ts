import { describe, expect, it } from 'vitest';
import { components } from '../components/registry';
import { MethodRegistry } from './registry';
import { allContracts } from '../../api/all';

describe('the contract list of the documentation page', () => {
  it('holds exactly the methods the server registers, once each', () => {
    const documented = allContracts.map((c) => c.name).sort();
    const registered = new MethodRegistry(components)
      .all()
      .map((m) => m.contract.name)
      .sort();
    expect(documented).toEqual(registered);
  });
});
