import { z } from './engine/zod.ts'

/** Header variants a tenant's content can choose. */
export const headerKeySchema = z
  .enum(['1_header', '2_header', '3_header', '4_header', 'nx_header_1', 'landing_header'])
  .check(z.meta({ 'x-widget': 'variant' }), z.describe('Header variant'))
export type HeaderKey = z.infer<typeof headerKeySchema>

/** Footer variants a tenant's content can choose. */
export const footerKeySchema = z
  .enum(['1_footer', '2_footer', 'nx_footer_1'])
  .check(z.meta({ 'x-widget': 'variant' }), z.describe('Footer variant'))
export type FooterKey = z.infer<typeof footerKeySchema>

/** Every layout key: the registry must hold a block for each (a missing one is a compile error). */
export const layoutKeySchema = z.enum([...headerKeySchema.options, ...footerKeySchema.options])
export type LayoutKey = z.infer<typeof layoutKeySchema>

export const HEADER_KEYS = headerKeySchema.options
export const FOOTER_KEYS = footerKeySchema.options
