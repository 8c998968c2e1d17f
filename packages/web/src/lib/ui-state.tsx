import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useDebouncedValue, useViewportSize } from '@mantine/hooks';

/** The spec's screen rule (section 2): the height minus 350 above 555, else 200. */
export function screenSizeFor(height: number): number {
  return height > 555 ? height - 350 : 200;
}

export interface DrawerState {
  opened: boolean;
  title?: string;
  content?: ReactNode;
}

interface UiState {
  details: DrawerState;
  update: DrawerState;
  review: DrawerState;
  screenSize: number;
  openDetails(title: string, content: ReactNode): void;
  openUpdate(title: string, content: ReactNode): void;
  openReview(title: string, content: ReactNode): void;
  close(which: 'details' | 'update' | 'review'): void;
  closeAll(): void;
}

const Ctx = createContext<UiState | null>(null);

/** The global interface state: details and update drawers, the review dialog and the screen size. */
const closed: DrawerState = { opened: false };

export function UiStateProvider({ children }: { children: ReactNode }) {
  const [details, setDetails] = useState<DrawerState>(closed);
  const [update, setUpdate] = useState<DrawerState>(closed);
  const [review, setReview] = useState<DrawerState>(closed);
  const { height } = useViewportSize();
  const [debounced] = useDebouncedValue(height, 10); // spec: resize debounce 10 ms
  const [screenSize, setScreenSize] = useState(() => screenSizeFor(window.innerHeight));
  useEffect(() => {
    if (debounced) { setScreenSize(screenSizeFor(debounced)); }
  }, [debounced]);
  const value = useMemo<UiState>(
    () => ({
      details,
      update,
      review,
      screenSize,
      openDetails: (title, content) => setDetails({ opened: true, title, content }),
      openUpdate: (title, content) => setUpdate({ opened: true, title, content }),
      openReview: (title, content) => setReview({ opened: true, title, content }),
      close: (which) => ({ details: setDetails, update: setUpdate, review: setReview })[which](closed),
      closeAll: () => {
        setDetails(closed);
        setUpdate(closed);
        setReview(closed);
      },
    }),
    [details, update, review, screenSize],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useUiState(): UiState {
  const v = useContext(Ctx);
  if (!v) { throw new Error('useUiState outside UiStateProvider'); }
  return v;
}
