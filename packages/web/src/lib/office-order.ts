/** An office as the office pickers list it. */
export interface OfficeOption {
  id: number;
  hospitalName: string;
}

/** `list` with the office `firstId` moved to the front (the rest keep their order). */
export function busiestFirst(list: OfficeOption[], firstId: number | null | undefined): OfficeOption[] {
  const first = list.find((o) => o.id === firstId);
  return first ? [first, ...list.filter((o) => o !== first)] : list;
}
