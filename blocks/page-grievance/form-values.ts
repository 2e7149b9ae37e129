// The grievance form's values, without zod: its start, its fields and its categories. Its schema
// (form-schema.ts), and zod with it, load with the form's first check.
import type { GrievanceFormInput } from './form-schema.ts'
import type { GrievanceSettings } from './settings.ts'

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

export const categoryOptions = (settings: GrievanceSettings) => [
  { value: 'quality-of-care', label: settings.category_quality_of_care },
  { value: 'billing', label: settings.category_billing },
  { value: 'access-to-care', label: settings.category_access_to_care },
  { value: 'customer-service', label: settings.category_customer_service },
  { value: 'other', label: settings.category_other },
]
