import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The content width of the element `containerRef` is put on, measured before the first paint and
 * again whenever it changes; null until then. (react-grid-layout's own hook measures after paint
 * and would bring the grid's code to a phone that never shows the grid.)
 */
export function useContainerWidth<T extends HTMLElement = HTMLDivElement>() {
  const containerRef = useRef<T>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const node = containerRef.current;
    if (!node) return;
    const measure = () => {
      const style = getComputedStyle(node);
      const next = Math.round(node.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight));
      setWidth((previous) => (previous === next ? previous : next));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return { width, containerRef };
}
