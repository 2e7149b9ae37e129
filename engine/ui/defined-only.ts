/** An options object without undefined values: the keys that may be undefined become optional keys. */
export type DefinedOnly<T> = { [K in keyof T as undefined extends T[K] ? never : K]: T[K] } & {
  [K in keyof T as undefined extends T[K] ? K : never]?: Exclude<T[K], undefined>
}

/**
 * The options a caller set: without the keys it left undefined, so the defaults they are spread over
 * stay (`{ ...defaults, ...definedOnly(options) }`, as a schema's defaults apply to absent values).
 */
export function definedOnly<T extends object>(options: T): DefinedOnly<T> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as DefinedOnly<T>
}
