// The grievance form's values, without zod: its start, its fields and its categories. Its schema
// (form-schema.ts), and zod with it, load with the form's first check.
import type { GrievanceFormInput } from './form-schema.ts'
import type { GrievanceSettings } from './settings.ts'
import { grievanceCategories } from '#schemas/api/grievances.ts'
import { categoryName } from '#schemas/grievance-mails.ts'

export const emptyGrievance = (email = ''): GrievanceFormInput => ({
  name: '',
  email,
  phone: '',
  memberNumber: '',
  patientName: '',
  officeId: '',
  dateOfService: '',
  category: 'quality-of-care',
  description: '',
  desiredResolution: '',
  urgent: false,
  hasRepresentative: false,
  representative: { name: '', relationship: '', phone: '', authorized: false },
})

/** The fields a server issue may name (the path after `body`). */
export const GRIEVANCE_FIELDS = [
  'name',
  'email',
  'phone',
  'memberNumber',
  'patientName',
  'officeId',
  'dateOfService',
  'category',
  'description',
  'desiredResolution',
  'urgent',
  'representative',
] as const

/** The category choices, in the content's words (the receipt mail names them the same way: categoryName). */
export const categoryOptions = (settings: GrievanceSettings) =>
  grievanceCategories.map((value) => ({ value, label: categoryName(settings, value) }))
