import { expect } from 'chai';
import { can, effectiveRole, mayAssign, ROLES, type Action, type Role } from '../../../backend/src/domain/access.js';

describe('access: what each role may do', () => {
  const table: [Role | null, Record<Action, boolean>][] = [
    ['owner', { read: true, run: true, edit: true, settings: true, owners: true }],
    ['admin', { read: true, run: true, edit: true, settings: true, owners: false }],
    ['member', { read: true, run: true, edit: true, settings: false, owners: false }],
    ['viewer', { read: true, run: false, edit: false, settings: false, owners: false }],
    [null, { read: false, run: false, edit: false, settings: false, owners: false }],
  ];
  for (const [role, allowed] of table) {
    for (const [action, expected] of Object.entries(allowed) as [Action, boolean][]) {
      it(`${role ?? 'no member'} ${expected ? 'may' : 'may not'} ${action}`, () =>
        expect(can(role, action)).to.equal(expected));
    }
  }

  it('a server administrator is an owner of every organization', () => {
    expect(effectiveRole(null, true)).to.equal('owner');
    expect(effectiveRole('viewer', true)).to.equal('owner');
    expect(effectiveRole('viewer', false)).to.equal('viewer');
    expect(effectiveRole(null, false)).to.equal(null);
  });

  const assign: [Role | null, Role, boolean][] = [
    ['owner', 'owner', true],
    ['owner', 'viewer', true],
    ['admin', 'owner', false],
    ['admin', 'admin', true],
    ['admin', 'viewer', true],
    ['member', 'viewer', false],
    ['viewer', 'viewer', false],
    [null, 'viewer', false],
  ];
  for (const [actor, target, expected] of assign) {
    it(`${actor ?? 'no member'} ${expected ? 'may' : 'may not'} give the role ${target}`, () =>
      expect(mayAssign(actor, target)).to.equal(expected));
  }

  it('lists the roles from the most to the least powerful', () =>
    expect(ROLES).to.deep.equal(['owner', 'admin', 'member', 'viewer']));
});
