/**
 * The tablet's copy of the menu (D3 "downloaded products"), in its own IndexedDB database: a menu can
 * hold 100,000 products, too big to ride in the device state that is saved whole on every change.
 */
import type { DownloadedProducts } from '@venue-voice/domain';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

export const MENU_DB_NAME = 'venue-voice-menu';
export const MENU_DB_VERSION = 1;

/** The copy and whose it is: a tablet reset and registered at another company never reads the old one. */
export type StoredMenu = DownloadedProducts & { companyKey: string; savedAt: number };

/** Version 1: one record under the key 'menu'. */
interface MenuDb extends DBSchema {
  menu: { key: 'menu'; value: StoredMenu };
}

/** Each version's step runs once, in order; a later version adds a step and never edits this one. */
const upgrade = (db: IDBPDatabase<MenuDb>, oldVersion: number) => {
  if (oldVersion < 1) db.createObjectStore('menu');
};

let opened: Promise<IDBPDatabase<MenuDb>> | null = null;
let name = MENU_DB_NAME;
/** The copy read once and kept in memory: each search then filters an array, not the database. */
let memory: Promise<StoredMenu | null> | null = null;

const database = () => {
  opened ??= openDB<MenuDb>(name, MENU_DB_VERSION, { upgrade: (db, oldVersion) => upgrade(db, oldVersion) });
  return opened;
};

/** Replaces the stored menu as a whole (a download never leaves half a menu, D4.49). */
export async function saveMenu(menu: StoredMenu): Promise<void> {
  await (await database()).put('menu', menu, 'menu');
  memory = Promise.resolve(menu);
}

/** The stored menu of `companyKey`, or null when there is none (never downloaded, or another company's). */
export async function readMenu(companyKey: string): Promise<StoredMenu | null> {
  memory ??= database()
    .then((db) => db.get('menu', 'menu'))
    .then((menu) => menu ?? null)
    .catch(() => null);
  const menu = await memory;
  // Nothing read (none stored yet, or the database was busy): the next read asks the database again.
  if (!menu) memory = null;
  return menu && menu.companyKey === companyKey ? menu : null;
}

/** Tests: close the database and use `next` (a fresh name) from now on. */
export async function closeMenuDb(next = MENU_DB_NAME): Promise<void> {
  if (opened) (await opened).close();
  opened = null;
  memory = null;
  name = next;
}
