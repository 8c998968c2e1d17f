import { useEffect, useState, type ReactNode } from 'react';
import { ActionIcon, Group, Stack, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';

/**
 * A list reordered by dragging (dnd-kit: pointer, and keyboard on the handle: Space, arrows,
 * Space) or by the move up / move down buttons. `onReorder` receives every id in the new order
 * (the reorder endpoints take the full list); the new order shows at once and is put back if the
 * call fails.
 */
export function SortableList<T extends { id: number }>({
  items,
  disabled,
  onReorder,
  renderItem,
  itemLabel,
  testId,
}: {
  items: T[];
  disabled?: boolean;
  onReorder: (ids: number[]) => Promise<unknown>;
  renderItem: (item: T, index: number) => ReactNode;
  /** The item's name for the buttons' accessible names. */
  itemLabel: (item: T) => string;
  testId?: string;
}) {
  const { t } = useTranslation('surveys');
  const [order, setOrder] = useState(items.map((i) => i.id));
  useEffect(() => setOrder(items.map((i) => i.id)), [items]);
  const byId = new Map(items.map((i) => [i.id, i]));
  const shown = order.map((id) => byId.get(id)).filter((i): i is T => !!i);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  const apply = (next: number[]) => {
    const before = order;
    setOrder(next);
    onReorder(next).catch(() => setOrder(before));
  };
  const move = (index: number, by: -1 | 1) => apply(arrayMove(order, index, index + by));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) { return; }
    apply(arrayMove(order, order.indexOf(Number(active.id)), order.indexOf(Number(over.id))));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: t('builder.dragInstructions') },
      }}
    >
      <SortableContext items={order} strategy={verticalListSortingStrategy} disabled={disabled}>
        <Stack gap="xs" data-testid={testId}>
          {shown.map((item, i) => (
            <SortableRow key={item.id} id={item.id} disabled={disabled}>
              {(handle) => (
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  {!disabled && (
                    <Stack gap={0} align="center">
                      {handle(itemLabel(item))}
                      <Tooltip label={t('builder.moveUp')}>
                        <ActionIcon size="sm" variant="subtle" color="gray.7" aria-label={t('builder.moveUpNamed', { name: itemLabel(item) })} disabled={i === 0} onClick={() => move(i, -1)} data-testid="move-up">
                          <IconArrowUp size={14} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('builder.moveDown')}>
                        <ActionIcon
                          size="sm"
                          variant="subtle"
                          color="gray.7"
                          aria-label={t('builder.moveDownNamed', { name: itemLabel(item) })}
                          disabled={i === shown.length - 1}
                          onClick={() => move(i, 1)}
                          data-testid="move-down"
                        >
                          <IconArrowDown size={14} />
                        </ActionIcon>
                      </Tooltip>
                    </Stack>
                  )}
                  <div style={{ flex: 1, minWidth: 0 }}>{renderItem(item, i)}</div>
                </Group>
              )}
            </SortableRow>
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({ id, disabled, children }: { id: number; disabled?: boolean; children: (handle: (name: string) => ReactNode) => ReactNode }) {
  const { t } = useTranslation('surveys');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  const style = { transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1, position: 'relative' as const, zIndex: isDragging ? 1 : 0 };
  return (
    <div ref={setNodeRef} style={style} data-testid="sortable-item">
      {children((name) => (
        <ActionIcon ref={setActivatorNodeRef} size="sm" variant="subtle" color="gray.7" style={{ cursor: 'grab', touchAction: 'none' }} {...attributes} {...listeners} aria-label={t('builder.dragNamed', { name })}>
          <IconGripVertical size={14} />
        </ActionIcon>
      ))}
    </div>
  );
}
