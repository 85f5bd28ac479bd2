import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon } from '@mantine/core';
import { type CSSProperties, type ReactNode, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';

// Constants, not literals: new options make new sensors, and new sensors a new dnd-kit context, which
// renders every item of the list again (200 outline entries on each keystroke in a question's text).
/** A few pixels of movement before a drag starts, so a click on the handle is not a drag. */
const POINTER_OPTIONS = { activationConstraint: { distance: 4 } };
const KEYBOARD_OPTIONS = { coordinateGetter: sortableKeyboardCoordinates };

interface SortableListProps {
  /** The items' ids in their order (stable between renders when the order did not change: see useSameIds). */
  ids: readonly UniqueIdentifier[];
  /** What an item is called in the screen reader's announcements ("How was your meal?"). */
  nameOf(id: UniqueIdentifier): string;
  /** The item at `from` was dropped at the place of the item at `to`. */
  onMove(from: number, to: number): void;
  children: ReactNode;
}

/**
 * A vertical list reordered by dragging its items' handles (decision 0263): with a pointer, or with the
 * keyboard (Space picks the focused handle up, the arrows move it, Space drops, Escape cancels). What
 * happens is announced in the console's language. Only the drop changes anything: `onMove` is the same
 * edit the list's up/down buttons make.
 */
export function SortableList({ ids, nameOf, onMove, children }: SortableListProps) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, POINTER_OPTIONS),
    useSensor(KeyboardSensor, KEYBOARD_OPTIONS),
  );
  // The announcements read the latest ids and names without making the context new on every render.
  const latest = useRef({ ids, nameOf });
  latest.current = { ids, nameOf };
  // Where the dragged item was last said to be: dnd-kit reports "over" on every move, the item itself first.
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const accessibility = useMemo(() => {
    const name = (id: UniqueIdentifier) => latest.current.nameOf(id);
    const place = (id: UniqueIdentifier) => ({
      position: latest.current.ids.indexOf(id) + 1,
      count: latest.current.ids.length,
    });
    const announcements: Announcements = {
      onDragStart: ({ active }) => {
        lastOver.current = active.id;
        return t('sortable.pickedUp', { item: name(active.id), ...place(active.id) });
      },
      onDragOver: ({ active, over }) => {
        // Nothing new to say (the first report is the place it was picked up at): the last words stand.
        if ((over?.id ?? null) === lastOver.current) return undefined;
        lastOver.current = over?.id ?? null;
        return over
          ? t('sortable.movedTo', { item: name(active.id), ...place(over.id) })
          : t('sortable.outside', { item: name(active.id) });
      },
      onDragEnd: ({ active, over }) =>
        over
          ? t('sortable.dropped', { item: name(active.id), ...place(over.id) })
          : t('sortable.cancelled', { item: name(active.id) }),
      onDragCancel: ({ active }) => t('sortable.cancelled', { item: name(active.id) }),
    };
    return { announcements, screenReaderInstructions: { draggable: t('sortable.instructions') } };
  }, [t]);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = latest.current.ids.indexOf(active.id);
    const to = latest.current.ids.indexOf(over.id);
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={accessibility}
      onDragEnd={onDragEnd}
    >
      <SortableContext items={ids as UniqueIdentifier[]} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** Puts the item's drag handle, named for `name` ("Drag to reorder: answer 2"), where it is called. */
export type HandleOf = (name: string) => ReactNode;

/**
 * One item of a {@link SortableList}: the element that moves while dragged, and its handle, which the item
 * places itself (`children(handle)`). Only the handle starts a drag, so the item's fields stay usable.
 */
export function SortableItem({
  id,
  children,
}: {
  id: UniqueIdentifier;
  children: (handle: HandleOf) => ReactNode;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id, attributes: { roleDescription: t('sortable.roleDescription') } });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    position: 'relative',
    zIndex: isDragging ? 2 : undefined,
    // Lifted while dragged: the rows it passes show through none of it.
    background: isDragging ? 'var(--mantine-color-body)' : undefined,
    boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined,
    borderRadius: 'var(--mantine-radius-sm)',
  };
  const handle: HandleOf = (name) => (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      // The subtle variant draws its icon in shade 6 (3.3:1 on white); shade 7 reads at 8:1.
      c="gray.7"
      size="md"
      aria-label={t('sortable.handle', { item: name })}
      // Touch screens would scroll instead of dragging without this.
      style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
      {...attributes}
      {...listeners}
    >
      <GripIcon />
    </ActionIcon>
  );
  return (
    <div ref={setNodeRef} style={style}>
      {children(handle)}
    </div>
  );
}

/** Six dots, the usual sign of "this can be dragged". */
function GripIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
      {[3, 7, 11].flatMap((y) =>
        [4.5, 9.5].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.3" fill="currentColor" />),
      )}
    </svg>
  );
}

/**
 * `ids` as the same array while its items are the same: a list whose texts change on every keystroke
 * (the outline's questions) keeps its sortable context, so its 200 entries do not render again.
 */
export function useSameIds<T extends UniqueIdentifier>(ids: readonly T[]): readonly T[] {
  const kept = useRef(ids);
  const same = kept.current.length === ids.length && kept.current.every((id, n) => id === ids[n]);
  if (!same) kept.current = ids;
  return kept.current;
}
