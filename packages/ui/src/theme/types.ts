/** Same shape as a theme contract, every leaf replaced by V. */
export type MapLeafNodes<T, V> = {
  [K in keyof T]: T[K] extends string ? V : MapLeafNodes<T[K], V>;
};
