import { useRef } from 'react';

/**
 * The latest data a query answered, kept through a failed refresh: when a new range fails, the screen keeps
 * showing what it showed (spec §8) rather than dropping back to 'Counting..' for good.
 */
export function useKeptData<T>(data: T | undefined): T | undefined {
  const kept = useRef(data);
  if (data !== undefined) kept.current = data;
  return data ?? kept.current;
}
