/** The site's dates (schemas/zoned-days.ts): long and mm/dd/yy, a member's in their time zone. */
export { longDate, shortDate } from '#schemas/zoned-days.ts'
