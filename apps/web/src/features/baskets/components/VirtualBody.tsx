import TableBody from '@mui/material/TableBody';
import { useWindowVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/** A row's height before it is measured: a line with its brand and two or three warehouses. */
const ROW_PX = 80;

/**
 * A table body that renders only the rows near the window's view (decision 222): «все» lines of a
 * 1,000-line basket are a few dozen rows in the page, the rest spacer rows of their height. The page keeps
 * scrolling as a whole (the window, not a box), so the header, totals and pagination stay where they are.
 */
export function VirtualBody<T>(props: {
  items: T[];
  row: (item: T, virtual: VirtualItem, measure: (element: Element | null) => void) => ReactNode;
}) {
  const body = useRef<HTMLTableSectionElement>(null);
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    if (body.current) setTop(body.current.getBoundingClientRect().top + window.scrollY);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: props.items.length,
    estimateSize: () => ROW_PX,
    overscan: 12,
    scrollMargin: top,
    // A row not laid out (hidden, or a test's DOM) keeps the estimate instead of counting as 0 px.
    measureElement: (element) => element.getBoundingClientRect().height || ROW_PX,
  });
  const shown = virtualizer.getVirtualItems();
  const first = shown[0];
  const last = shown[shown.length - 1];
  const before = first ? first.start - top : 0;
  const after = last ? virtualizer.getTotalSize() - (last.end - top) : 0;
  return (
    <TableBody ref={body}>
      {before > 0 && <tr aria-hidden style={{ height: before }} />}
      {shown.map((v) => props.row(props.items[v.index]!, v, virtualizer.measureElement))}
      {after > 0 && <tr aria-hidden style={{ height: after }} />}
    </TableBody>
  );
}
