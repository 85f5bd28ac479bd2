import 'fake-indexeddb/auto';
import { UpdateState } from '@venue-voice/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deviceApi } from '../../platform/device-api';
import { useDevice } from '../../platform/device-session';
import { registeredDevice } from '../../test/device';
import { closeMenuDb, readMenu } from './menu-db';
import { downloadMenu } from './menu-download';
import { testMenu } from './menu-fixtures';

const many = Array.from({ length: 2501 }, (_, i) => ({
  ...(testMenu.allProducts[0] as (typeof testMenu.allProducts)[number]),
  id: i + 1,
  ref: `P${i + 1}`,
}));

/** survey.menu.export over `many` products; `failOn` answers 500 for that edge. */
function exportServer(failOn: string | null = null) {
  const asked: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const edge = url.searchParams.get('edge') ?? '';
    const limit = Number(url.searchParams.get('limit'));
    const offset = Number(url.searchParams.get('offset'));
    asked.push(`${edge} ${limit} ${offset}`);
    if (edge === failOn) {
      return new Response(
        JSON.stringify({ error: { code: 10021, message: 'down', detail: null, ui: false } }),
        {
          status: 503,
        },
      );
    }
    const all =
      { products: many, major_groups: testMenu.majorGroups, family_groups: testMenu.familyGroups }[edge] ??
      [];
    return new Response(JSON.stringify({ data: { [edge]: all.slice(offset, offset + limit) } }), {
      status: 200,
    });
  };
  return { asked, menu: () => deviceApi({ fetch: fetch as typeof globalThis.fetch }).survey.menu };
}

let db = 0;
beforeEach(async () => {
  db += 1;
  await closeMenuDb(`menu-download-test-${db}`);
  registeredDevice();
});
afterEach(() => closeMenuDb());

describe('the menu download (D4.5, D4.12, D4.49)', () => {
  it('D4.12 pages each edge by 2500, keeps the whole menu with the misc groups, and marks the menu done', async () => {
    const server = exportServer();
    expect(await downloadMenu(server.menu(), () => 1234)).toBe(true);
    expect(server.asked.filter((line) => line.startsWith('products'))).toEqual([
      'products 2500 0',
      'products 2500 2500',
    ]);
    const stored = await readMenu('demo');
    expect(stored?.allProducts).toHaveLength(2501);
    expect(stored?.majorGroups.find((group) => group.isMisc)?.ref).toBe('miscSPC');
    expect(useDevice.getState().state.updateState.menu).toBe(UpdateState.DONE);
    expect(useDevice.getState().state.menuItemsLastUpdated).toBe(1234);
    // Another company's tablet never reads this copy.
    expect(await readMenu('other')).toBeNull();
  });

  it('D4.49, D4.5 a failing page fails the download: the menu is pending and the earlier copy is kept', async () => {
    await downloadMenu(exportServer().menu(), () => 1000);
    expect(await downloadMenu(exportServer('family_groups').menu(), () => 2000)).toBe(false);
    expect(useDevice.getState().state.updateState.menu).toBe(UpdateState.PENDING);
    expect(useDevice.getState().state.menuItemsLastUpdated).toBe(1000);
    expect((await readMenu('demo'))?.savedAt).toBe(1000);
  });
});
