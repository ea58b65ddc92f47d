// The local names the graph gives instances, and the fix texts of diagnostics use.
import { describe, expect, it } from 'vitest';
import { variableName } from '../../cli/identifiers.js';

describe('variableName', () => {
  it.each([
    ['a class', 'UserStore', 'userStore'],
    ['a generic instantiation', 'Repo<User>', 'repoUser'],
    ['a nested one', 'Map<string, Repo<User>>', 'mapStringRepoUser'],
    ['a reserved word', 'Package', 'package_'],
    ['a leading digit', '3D', '_3D'],
    ['no word at all', '<>', 'instance'],
  ])('%s: %s → %s', (_case, typeName, want) => {
    expect(variableName(typeName)).toBe(want);
  });
});
