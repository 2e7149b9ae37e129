// The grievance form's values, without zod: its start, its fields and its categories. Its schema
// (form-schema.ts), and zod with it, load with the form's first check.
import type { GrievanceFormInput } from './form-schema.ts'

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

export const CATEGORIES = [
  { value: 'quality-of-care', label: 'Quality of care' },
  { value: 'billing', label: 'A bill or a fee' },
  { value: 'access-to-care', label: 'Getting an appointment or care' },
  { value: 'customer-service', label: 'Our service' },
  { value: 'other', label: 'Something else' },
] as const
