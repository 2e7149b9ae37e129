export { formatPhone, phoneDigits, phoneHref } from '#schemas/phone.ts'
