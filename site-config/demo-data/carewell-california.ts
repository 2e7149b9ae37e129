import { at, dentist as dds, EARLY, FAMILY, FOUR_DAYS, hygienist as rdh, LATE, office, schedule, WEEKDAYS, WITH_SATURDAY } from './directory.ts'


/**
 * The first tenant's California offices beyond the original ones: a dense cluster around Los
 * Angeles (a 25-mile search from 90210 lists a dozen), the Bay Area, San Diego and the Central
 * Valley; Spanish-speaking dentists taking new patients in several of them.
 */
export const californiaOffices = [
  // Los Angeles
  office(
    { id: 1007, name: 'Westwood Village Dental', address: at('1100 Glendon Ave', 'Los Angeles', 'CA', '90024'), phone: '3105550111', hours: WEEKDAYS, planIds: [101, 102, 103], accessibility: ['Wheelchair accessible', 'Elevator', 'Accessible restroom'], staffLanguages: ['English', 'Korean', 'Farsi'] },
    [dds(5011, 'Dr. Daniel Kim, DDS', 'General dentistry', ['English', 'Korean']), dds(5012, 'Dr. Leila Tehrani, DMD', 'Endodontics', ['English', 'Farsi']), rdh(5013, 'Jenna Morales, RDH', ['English', 'Spanish'])],
  ),
  office(
    { id: 1008, name: 'Santa Monica Bay Dental Group', address: at('2730 Wilshire Blvd', 'Santa Monica', 'CA', '90403'), phone: '3105550112', hours: WITH_SATURDAY, planIds: [102, 103], accessibility: ['Wheelchair accessible', 'Parking', 'Accessible restroom'], staffLanguages: ['English', 'Spanish', 'French'], group: 'Santa Monica Bay Dental Group' },
    [dds(5014, 'Dr. Olivia Bennett, DDS', 'General dentistry', ['English', 'French']), dds(5015, 'Dr. Marco Ruiz, DDS', 'Oral surgery', ['English', 'Spanish']), dds(5016, 'Dr. Priya Natarajan, DMD', 'Periodontics', ['English', 'Tamil', 'Hindi'])],
  ),
  office(
    { id: 1009, name: 'Sunset & Vine Dental', address: at('6464 Sunset Blvd', 'Los Angeles', 'CA', '90028'), phone: '3235550113', hours: LATE, planIds: [101, 102], accessibility: ['Step-free entrance', 'Elevator'], staffLanguages: ['English', 'Armenian', 'Russian'] },
    [dds(5017, 'Dr. Armen Petrosyan, DDS', 'General dentistry', ['English', 'Armenian', 'Russian']), dds(5018, 'Dr. Natalie Cho, DDS', 'Prosthodontics', ['English', 'Korean'], { accepting: false })],
  ),
  office(
    { id: 1010, name: 'Bunker Hill Dental Arts', address: at('350 S Grand Ave', 'Los Angeles', 'CA', '90071'), phone: '2135550114', hours: EARLY, planIds: [101, 102, 103], accessibility: ['Wheelchair accessible', 'Elevator', 'Accessible restroom', 'Hearing loop'], staffLanguages: ['English', 'Spanish', 'Tagalog', 'Mandarin'], group: 'CareWell Dental Partners' },
    [
      dds(5019, 'Dr. Jonathan Reyes, DDS', 'General dentistry', ['English', 'Tagalog', 'Spanish']),
      dds(5020, 'Dr. Wei Zhang, DDS', 'Orthodontics', ['English', 'Mandarin', 'Cantonese']),
      dds(5021, 'Dr. Sarah Whitfield, DMD', 'Endodontics', ['English']),
      rdh(5022, 'Angela Cruz, RDH', ['English', 'Spanish', 'Tagalog']),
    ],
  ),
  office(
    { id: 1011, name: 'Old Pasadena Family Dentistry', address: at('600 E Colorado Blvd', 'Pasadena', 'CA', '91101'), phone: '6265550115', hours: FAMILY, planIds: [101, 102], accessibility: ['Wheelchair accessible', 'Parking'], staffLanguages: ['English', 'Spanish', 'Armenian'] },
    [dds(5023, 'Dr. Michael Sargsyan, DDS', 'General dentistry', ['English', 'Armenian']), dds(5024, 'Dr. Isabel Fuentes, DDS', 'Pediatric dentistry', ['English', 'Spanish'])],
  ),
  office(
    { id: 1012, name: 'Brand Boulevard Dental', address: at('500 N Brand Blvd', 'Glendale', 'CA', '91203'), phone: '8185550116', hours: WEEKDAYS, planIds: [102, 103], accessibility: ['Wheelchair accessible', 'Elevator', 'Parking'], staffLanguages: ['English', 'Armenian', 'Korean'], group: 'CareWell Dental Partners' },
    [dds(5025, 'Dr. Ani Hakobyan, DMD', 'Orthodontics', ['English', 'Armenian']), dds(5026, 'Dr. Steven Park, DDS', 'General dentistry', ['English', 'Korean'], { accepting: false })],
  ),
  office(
    { id: 1013, name: 'Clínica Dental Boyle Heights', address: at('2000 E Cesar E Chavez Ave', 'Los Angeles', 'CA', '90033'), phone: '3235550117', hours: FAMILY, planIds: [101, 102], accessibility: ['Wheelchair accessible', 'Step-free entrance', 'Accessible restroom'], staffLanguages: ['Spanish', 'English'] },
    [dds(5027, 'Dr. Alejandra Navarro, DDS', 'General dentistry', ['Spanish', 'English']), dds(5028, 'Dr. Roberto Castillo, DMD', 'Oral surgery', ['Spanish', 'English']), rdh(5029, 'Lucía Herrera, RDH', ['Spanish', 'English'])],
  ),
  office(
    { id: 1014, name: 'Pacific Boulevard Dental', address: at('6500 Pacific Blvd', 'Huntington Park', 'CA', '90255'), phone: '3235550118', hours: WITH_SATURDAY, planIds: [101, 102], accessibility: ['Step-free entrance', 'Parking'], staffLanguages: ['Spanish', 'English'] },
    [dds(5030, 'Dr. Javier Mendoza, DDS', 'General dentistry', ['Spanish', 'English']), dds(5031, 'Dr. Carmen Ibarra, DDS', 'Pediatric dentistry', ['Spanish', 'English'])],
  ),
  office(
    { id: 1015, name: 'Van Nuys Smile Center', address: at('6350 Van Nuys Blvd', 'Van Nuys', 'CA', '91401'), phone: '8185550119', hours: WEEKDAYS, planIds: [101, 102, 103], accessibility: ['Wheelchair accessible', 'Parking', 'Accessible restroom'], staffLanguages: ['English', 'Spanish', 'Hebrew', 'Farsi'] },
    [dds(5032, 'Dr. Yosef Levi, DDS', 'General dentistry', ['English', 'Hebrew']), dds(5033, 'Dr. Shirin Ahmadi, DDS', 'Prosthodontics', ['English', 'Farsi']), dds(5034, 'Dr. Gabriel Soto, DDS', 'General dentistry', ['English', 'Spanish'])],
  ),
  office(
    { id: 1016, name: 'Inglewood Kids Dental', address: at('1 W Manchester Blvd', 'Inglewood', 'CA', '90301'), phone: '3105550120', hours: schedule('Mon-Fri 08:00-16:00, Sat 08:00-12:00'), planIds: [101, 102], accessibility: ['Wheelchair accessible', 'Parking', 'Accessible restroom'], staffLanguages: ['English', 'Spanish'] },
    [dds(5035, 'Dr. Danielle Washington, DDS', 'Pediatric dentistry', ['English']), dds(5036, 'Dr. Kofi Mensah, DDS', 'Pediatric dentistry', ['English', 'Twi'], { board: null })],
  ),
  office(
    { id: 1017, name: 'Culver City Orthodontics', address: at('9800 Culver Blvd', 'Culver City', 'CA', '90230'), phone: '3105550121', hours: schedule('Tue-Fri 09:00-18:00, Sat 08:00-13:00'), planIds: [102, 103], accessibility: ['Wheelchair accessible', 'Elevator'], staffLanguages: ['English', 'Japanese', 'Spanish'] },
    [dds(5037, 'Dr. Emily Sato, DMD', 'Orthodontics', ['English', 'Japanese']), dds(5038, 'Dr. Ricardo Paredes, DDS', 'Orthodontics', ['English', 'Spanish'], { ages: 'children' })],
  ),
  office(
    { id: 1018, name: 'Montebello Family Dental', address: at('2500 W Beverly Blvd', 'Montebello', 'CA', '90640'), phone: '3235550122', hours: FOUR_DAYS, accepting: false, planIds: [101, 102], accessibility: ['Parking', 'Step-free entrance'], staffLanguages: ['English', 'Spanish'] },
    [dds(5039, 'Dr. Teresa Villanueva, DDS', 'General dentistry', ['English', 'Spanish']), dds(5040, 'Dr. Hector Ramirez, DDS', 'Endodontics', ['English', 'Spanish'], { board: null })],
  ),
  office(
    { id: 1019, name: 'Long Beach Harbor Dental', address: at('444 W Ocean Blvd', 'Long Beach', 'CA', '90802'), phone: '5625550123', hours: WITH_SATURDAY, planIds: [101, 102, 103], accessibility: ['Wheelchair accessible', 'Elevator', 'Parking'], staffLanguages: ['English', 'Khmer', 'Spanish'] },
    [dds(5041, 'Dr. Sophea Chhim, DDS', 'General dentistry', ['English', 'Khmer']), dds(5042, "Dr. Brian O'Connell, DDS", 'Periodontics', ['English'])],
  ),
  office(
    { id: 1020, name: 'Irvine Spectrum Dental', address: at('2 Park Plaza', 'Irvine', 'CA', '92614'), phone: '9495550124', hours: WEEKDAYS, planIds: [102, 103], accessibility: ['Wheelchair accessible', 'Parking', 'Accessible restroom', 'Elevator'], staffLanguages: ['English', 'Mandarin', 'Korean', 'Vietnamese'], group: 'Orange Coast Dental Group' },
    [dds(5043, 'Dr. Grace Liu, DDS', 'General dentistry', ['English', 'Mandarin']), dds(5044, 'Dr. Minh Tran, DMD', 'Endodontics', ['English', 'Vietnamese']), dds(5045, 'Dr. Hyun-woo Lee, DDS', 'Orthodontics', ['English', 'Korean'])],
  ),
  // San Diego
  office(
    { id: 1021, name: 'Gaslamp Dental Studio', address: at('600 B St', 'San Diego', 'CA', '92101'), phone: '6195550125', hours: LATE, planIds: [101, 102, 103], accessibility: ['Wheelchair accessible', 'Elevator'], staffLanguages: ['English', 'Spanish'] },
    [dds(5046, 'Dr. Nathan Greene, DDS', 'General dentistry', ['English']), dds(5047, 'Dr. Paola Jiménez, DDS', 'Oral surgery', ['English', 'Spanish'])],
  ),
  office(
    { id: 1022, name: 'Hillcrest Dental Care', address: at('3900 5th Ave', 'San Diego', 'CA', '92103'), phone: '6195550126', hours: WEEKDAYS, planIds: [101, 102], accessibility: ['Step-free entrance', 'Accessible restroom'], staffLanguages: ['English', 'Spanish', 'Arabic'] },
    [dds(5048, 'Dr. Omar Khalil, DDS', 'General dentistry', ['English', 'Arabic']), rdh(5049, 'Kayla Nguyen, RDH', ['English', 'Vietnamese'])],
  ),
  office(
    { id: 1023, name: 'La Jolla Village Periodontics', address: at('7825 Fay Ave', 'La Jolla', 'CA', '92037'), phone: '8585550127', hours: FOUR_DAYS, planIds: [103], accessibility: ['Wheelchair accessible', 'Parking'], staffLanguages: ['English'] },
    [dds(5050, 'Dr. Richard Hale, DMD', 'Periodontics', ['English']), dds(5051, 'Dr. Ingrid Larsen, DDS', 'Periodontics', ['English', 'Norwegian'])],
  ),
  office(
    { id: 1024, name: 'Chula Vista Dental', address: at('340 Third Ave', 'Chula Vista', 'CA', '91910'), phone: '6195550128', hours: FAMILY, planIds: [101, 102], accessibility: ['Wheelchair accessible', 'Parking', 'Step-free entrance'], staffLanguages: ['Spanish', 'English', 'Tagalog'] },
    [dds(5052, 'Dr. Mariana Solis, DDS', 'General dentistry', ['Spanish', 'English']), dds(5053, 'Dr. Eduardo Vega, DDS', 'Pediatric dentistry', ['Spanish', 'English']), dds(5054, 'Dr. Rosalind Bautista, DMD', 'General dentistry', ['English', 'Tagalog'], { accepting: false })],
  ),
  // San Francisco and the East Bay
  office(
    { id: 1025, name: 'Van Ness Dental Group', address: at('450 Van Ness Ave', 'San Francisco', 'CA', '94102'), phone: '4155550129', hours: EARLY, planIds: [101, 102, 103], accessibility: ['Wheelchair accessible', 'Elevator', 'Accessible restroom', 'Hearing loop'], staffLanguages: ['English', 'Cantonese', 'Russian'], group: 'Bay Area Dental Alliance' },
    [dds(5055, 'Dr. Kevin Wong, DDS', 'General dentistry', ['English', 'Cantonese']), dds(5056, 'Dr. Elena Sokolova, DMD', 'Prosthodontics', ['English', 'Russian']), dds(5057, 'Dr. Adrian Fischer, DDS', 'Oral surgery', ['English', 'German'])],
  ),
  office(
    { id: 1026, name: 'Fillmore Street Dentistry', address: at('2100 Webster St', 'San Francisco', 'CA', '94115'), phone: '4155550130', hours: FOUR_DAYS, accepting: false, planIds: [102, 103], accessibility: ['Step-free entrance'], staffLanguages: ['English', 'Japanese'] },
    [dds(5058, 'Dr. Yuki Tanaka, DDS', 'General dentistry', ['English', 'Japanese'])],
  ),
  office(
    { id: 1027, name: 'Inner Sunset Dental', address: at('1800 Irving St', 'San Francisco', 'CA', '94122'), phone: '4155550131', hours: WITH_SATURDAY, planIds: [101, 102], accessibility: ['Step-free entrance', 'Accessible restroom'], staffLanguages: ['English', 'Cantonese', 'Mandarin'] },
    [dds(5059, 'Dr. Ivy Chan, DDS', 'General dentistry', ['English', 'Cantonese', 'Mandarin']), dds(5060, 'Dr. Thomas Leung, DDS', 'Endodontics', ['English', 'Cantonese'])],
  ),
  office(
    { id: 1028, name: 'Uptown Oakland Dental', address: at('1700 Broadway', 'Oakland', 'CA', '94612'), phone: '5105550132', hours: WEEKDAYS, planIds: [101, 102, 103], accessibility: ['Wheelchair accessible', 'Elevator', 'Accessible restroom'], staffLanguages: ['English', 'Spanish', 'Amharic'], group: 'Bay Area Dental Alliance' },
    [dds(5061, 'Dr. Andre Johnson, DDS', 'General dentistry', ['English']), dds(5062, 'Dr. Selam Tesfaye, DMD', 'Periodontics', ['English', 'Amharic', 'Tigrinya']), dds(5063, 'Dr. Diana Cortez, DDS', 'Orthodontics', ['English', 'Spanish'])],
  ),
  office(
    { id: 1029, name: 'Fruitvale Family Dental', address: at('3300 International Blvd', 'Oakland', 'CA', '94601'), phone: '5105550133', hours: FAMILY, planIds: [101, 102], accessibility: ['Wheelchair accessible', 'Parking', 'Step-free entrance'], staffLanguages: ['Spanish', 'English', 'Mam'] },
    [dds(5064, 'Dr. Guadalupe Ochoa, DDS', 'General dentistry', ['Spanish', 'English']), dds(5065, 'Dr. Manuel Aguilar, DDS', 'Pediatric dentistry', ['Spanish', 'English']), rdh(5066, 'Rosa Pérez, RDH', ['Spanish', 'English'])],
  ),
  office(
    { id: 1030, name: 'Shattuck Avenue Dental', address: at('2400 Shattuck Ave', 'Berkeley', 'CA', '94704'), phone: '5105550134', hours: WEEKDAYS, planIds: [101, 102], accessibility: ['Wheelchair accessible', 'Step-free entrance'], staffLanguages: ['English', 'Hindi'] },
    [dds(5067, 'Dr. Rajesh Iyer, DDS', 'General dentistry', ['English', 'Hindi', 'Tamil']), dds(5068, 'Dr. Claire Dubois, DMD', 'Orthodontics', ['English', 'French'])],
  ),
  office(
    { id: 1031, name: 'San Mateo Dental Arts', address: at('100 S Ellsworth Ave', 'San Mateo', 'CA', '94401'), phone: '6505550135', hours: EARLY, planIds: [102, 103], accessibility: ['Wheelchair accessible', 'Parking', 'Elevator'], staffLanguages: ['English', 'Tagalog', 'Spanish'] },
    [dds(5069, 'Dr. Maria Santos, DDS', 'General dentistry', ['English', 'Tagalog', 'Spanish']), dds(5070, 'Dr. Victor Alvarez, DDS', 'Oral surgery', ['English', 'Spanish'], { accepting: false })],
  ),
  office(
    { id: 1032, name: 'Hayward Smile Center', address: at('22500 Foothill Blvd', 'Hayward', 'CA', '94541'), phone: '5105550136', hours: WITH_SATURDAY, planIds: [101, 102], accessibility: ['Wheelchair accessible', 'Parking'], staffLanguages: ['English', 'Spanish', 'Tagalog', 'Punjabi'] },
    [dds(5071, 'Dr. Harpreet Sandhu, DDS', 'General dentistry', ['English', 'Punjabi', 'Hindi']), dds(5072, 'Dr. Sofia Rojas, DDS', 'General dentistry', ['English', 'Spanish']), dds(5073, 'Dr. Noel Garcia, DMD', 'Pediatric dentistry', ['English', 'Tagalog', 'Spanish'])],
  ),
  office(
    { id: 1033, name: 'University Avenue Dental', address: at('400 University Ave', 'Palo Alto', 'CA', '94301'), phone: '6505550137', hours: WEEKDAYS, planIds: [102, 103], accessibility: ['Wheelchair accessible', 'Elevator', 'Accessible restroom'], staffLanguages: ['English', 'Mandarin', 'Hebrew'] },
    [dds(5074, 'Dr. Jessica Huang, DDS', 'Orthodontics', ['English', 'Mandarin']), dds(5075, 'Dr. David Shapiro, DDS', 'Endodontics', ['English', 'Hebrew'])],
  ),
  office(
    { id: 1034, name: 'First Street Dental', address: at('750 N 1st St', 'San Jose', 'CA', '95112'), phone: '4085550138', hours: LATE, planIds: [101, 102], accessibility: ['Wheelchair accessible', 'Parking'], staffLanguages: ['English', 'Vietnamese', 'Spanish'] },
    [dds(5076, 'Dr. Linh Pham, DDS', 'General dentistry', ['English', 'Vietnamese']), dds(5077, 'Dr. Alberto Gutiérrez, DDS', 'General dentistry', ['English', 'Spanish'])],
  ),
  // Central Valley
  office(
    { id: 1035, name: 'Capitol Mall Dental', address: at('1001 K St', 'Sacramento', 'CA', '95814'), phone: '9165550139', hours: WEEKDAYS, planIds: [101, 102, 103], accessibility: ['Wheelchair accessible', 'Elevator', 'Hearing loop'], staffLanguages: ['English', 'Hmong', 'Russian'], group: 'CareWell Dental Partners' },
    [dds(5078, 'Dr. Laura Mitchell, DDS', 'General dentistry', ['English']), dds(5079, 'Dr. Pao Vang, DDS', 'Oral surgery', ['English', 'Hmong'])],
  ),
  office(
    { id: 1036, name: 'Tower District Dental', address: at('2300 Tulare St', 'Fresno', 'CA', '93721'), phone: '5595550140', hours: FAMILY, planIds: [101, 102], accessibility: ['Wheelchair accessible', 'Parking'], staffLanguages: ['English', 'Spanish', 'Hmong'] },
    [dds(5080, 'Dr. Mai Xiong, DDS', 'General dentistry', ['English', 'Hmong']), dds(5081, 'Dr. Arturo Cisneros, DDS', 'Pediatric dentistry', ['English', 'Spanish'])],
  ),
]
