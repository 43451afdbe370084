import { useLayoutEffect, useRef } from 'react';

/** A ref that always holds the latest value: callbacks read it without making effects run again. */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
