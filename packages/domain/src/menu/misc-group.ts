import { MISC_MAJOR_GROUP_REF } from '../constants';
import type { FamilyGroup, MajorGroup } from '../schemas/menu';

/** D3: the ref of the synthetic major group of a family group's products that have no major group. */
export const miscMajorGroupRef = (familyGroupRef: string): string =>
  `${MISC_MAJOR_GROUP_REF}${familyGroupRef}`;

/**
 * D3: the synthetic major group standing in for a family group. It takes the family group's id and
 * name (several family groups may need one, so a shared "Misc" label would be ambiguous); `isMisc`
 * tells it apart, and its ref never clashes with the family group's own ref.
 */
export const miscMajorGroupFor = (familyGroup: Pick<FamilyGroup, 'id' | 'ref' | 'name'>): MajorGroup => ({
  id: familyGroup.id,
  ref: miscMajorGroupRef(familyGroup.ref),
  name: familyGroup.name,
  isMisc: true,
});

interface GroupRef {
  ref: string;
  name: string;
}

/**
 * D3: the major group a product is listed under: its own, else the misc group of its family group,
 * else none.
 */
export function productMajorGroup(
  majorGroup: GroupRef | null,
  familyGroup: GroupRef | null,
): GroupRef | null {
  if (majorGroup) return { ref: majorGroup.ref, name: majorGroup.name };
  if (familyGroup) return { ref: miscMajorGroupRef(familyGroup.ref), name: familyGroup.name };
  return null;
}

/** D3: family groups that hold at least one product with no major group (each needs a misc group). */
export function orphanFamilyGroups<F extends Pick<FamilyGroup, 'id'>>(
  products: readonly { majorGroupId: number | null; familyGroupId: number | null }[],
  familyGroups: readonly F[],
): F[] {
  const ids = new Set<number>();
  for (const p of products) {
    if (p.majorGroupId === null && p.familyGroupId !== null) ids.add(p.familyGroupId);
  }
  return familyGroups.filter((f) => ids.has(f.id));
}

/** D3: the major groups plus one misc group per orphan family group (real groups keep their place). */
export function withMiscMajorGroups(
  majorGroups: readonly MajorGroup[],
  orphanFamilies: readonly Pick<FamilyGroup, 'id' | 'ref' | 'name'>[],
): MajorGroup[] {
  const taken = new Set(majorGroups.map((g) => g.ref));
  const misc = orphanFamilies.map(miscMajorGroupFor).filter((g) => !taken.has(g.ref));
  return [...majorGroups.map((g) => ({ ...g, isMisc: false })), ...misc];
}
