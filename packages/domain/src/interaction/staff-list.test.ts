import { describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../../../../apps/server/src/db/seed/demo-company';
import { DEMO_SURVEYS } from '../../../../apps/server/src/db/seed/demo-surveys';
import { type StaffMember, staffMemberSchema } from '../schemas/staff';
import type { StaffSelector } from './staff';
import {
  initialStaffListQuery,
  STAFF_FILTER_ALL,
  staffFilterButtons,
  staffNameMatches,
  visibleStaff,
} from './staff-list';

// Branch 1 of the demo: Alex (team 1), Sam (2), Jo (3, inactive), Priya (1), Tom (3), Mia (1).
const members: StaffMember[] = DEMO_STAFF.filter((m) => m.branchId === 1).map((m) =>
  staffMemberSchema.parse({ ...m, hasPin: m.pinCode !== null, imageUrl: null, thumbnailUrl: null }),
);
const selector = DEMO_SURVEYS[0]?.definition.staffSelector as StaffSelector;
const names = (list: StaffMember[]) => list.map((m) => m.displayName);

describe('staff list', () => {
  it.each([
    ['', true],
    ['al', true],
    ['ALEX', true],
    ['morgan', true],
    ['x m', true],
    ['  alex  ', true],
    ['sam', false],
  ])('G4.55 Alex Morgan matches search %j: %s', (search, matches) => {
    expect(staffNameMatches(members[0] as StaffMember, search)).toBe(matches);
  });

  it("G4.56 the list opens on the 'all' filter, first of the buttons", () => {
    expect(initialStaffListQuery()).toEqual({ search: '', filterId: STAFF_FILTER_ALL });
    expect(staffFilterButtons(selector).map((b) => b.id)).toEqual(['all', 'front', 'bar']);
    const withAll = {
      ...selector,
      filters: [{ id: 'all', label: 'All', teamId: null }, ...selector.filters],
    };
    expect(staffFilterButtons(withAll).map((b) => b.id)).toEqual(['all', 'front', 'bar']);
  });

  it.each([
    ['all', '', ['Alex', 'Sam', 'Priya', 'Tom', 'Mia']],
    ['front', '', ['Alex', 'Priya', 'Mia']],
    ['bar', '', ['Sam']],
    ['front', 'I', ['Priya', 'Mia']],
    ['all', 'jo', []],
    ['unknown', 'o', ['Alex', 'Tom', 'Mia']],
  ])('G4.55 G4.56 filter %j with search %j shows the active members %j', (filterId, search, expected) => {
    expect(names(visibleStaff(selector, members, { filterId, search }))).toEqual(expected);
  });
});
