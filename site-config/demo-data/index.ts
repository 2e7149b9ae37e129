import type { DemoDataInput } from '#schemas/demo-data.ts'
import { carewellDemo } from './carewell.ts'
import { smileDemo } from './smile.ts'

/** Demo data by tenant (group_key), seeded on first start and by `npm run seed`. */
export const demoData: Record<string, DemoDataInput> = {
  carewell: carewellDemo,
  smile: smileDemo,
}
