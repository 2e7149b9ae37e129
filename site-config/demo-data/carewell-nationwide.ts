import { at, dentist as dds, EARLY, FAMILY, FOUR_DAYS, hygienist as rdh, LATE, office, schedule, WEEKDAYS, WITH_SATURDAY } from './directory.ts'

const CITY = schedule('Mon-Fri 07:30-19:00, Sat 09:00-14:00, Sun 10:00-14:00')

/** The first tenant's offices outside California beyond the original ones: Arizona (Phoenix, Tucson, Flagstaff) and seven more states. */
export const nationwideOffices = [
  // Arizona: the Phoenix area, then Tucson and Flagstaff
  office(
    { id: 1037, name: 'Roosevelt Row Dental', address: at('1 N Central Ave', 'Phoenix', 'AZ', '85004'), phone: '6025550141', hours: EARLY, planIds: [101, 102], accessibility: ['Wheelchair accessible', 'Elevator'], staffLanguages: ['English', 'Spanish'] },
    [dds(5082, 'Dr. Kyle Harrison, DDS', 'General dentistry', ['English']), dds(5083, 'Dr. Ana Lucero, DDS', 'General dentistry', ['English', 'Spanish'])],
  ),
  office(
    { id: 1038, name: 'Biltmore Dental Studio', address: at('2400 E Camelback Rd', 'Phoenix', 'AZ', '85016'), phone: '6025550142', hours: WEEKDAYS, planIds: [102, 103], accessibility: ['Wheelchair accessible', 'Parking', 'Accessible restroom'], staffLanguages: ['English', 'Spanish'], group: 'Sonoran Dental Group' },
    [dds(5084, 'Dr. Rebecca Lawson, DMD', 'Prosthodontics', ['English']), dds(5085, 'Dr. Tomás Esquivel, DDS', 'Endodontics', ['English', 'Spanish']), rdh(5086, 'Megan Holt, RDH', ['English'])],
  ),
  office(
    { id: 1039, name: 'Old Town Scottsdale Dental', address: at('7100 E Indian School Rd', 'Scottsdale', 'AZ', '85251'), phone: '4805550143', hours: FOUR_DAYS, planIds: [101, 103], accessibility: ['Wheelchair accessible', 'Parking'], staffLanguages: ['English', 'German'] },
    [dds(5087, 'Dr. Jason Whitaker, DDS', 'Orthodontics', ['English']), dds(5088, 'Dr. Katrin Vogel, DMD', 'General dentistry', ['English', 'German'], { accepting: false })],
  ),
  office(
    { id: 1040, name: 'Mill Avenue Dental', address: at('525 S Mill Ave', 'Tempe', 'AZ', '85281'), phone: '4805550144', hours: LATE, planIds: [101, 102], accessibility: ['Step-free entrance', 'Accessible restroom'], staffLanguages: ['English', 'Spanish', 'Arabic'] },
    [dds(5089, 'Dr. Sami Nasser, DDS', 'General dentistry', ['English', 'Arabic']), dds(5090, 'Dr. Lorena Chávez, DDS', 'Pediatric dentistry', ['English', 'Spanish'])],
  ),
  office(
    { id: 1041, name: 'Mesa Family Dentistry', address: at('100 W Main St', 'Mesa', 'AZ', '85201'), phone: '4805550145', hours: FAMILY, planIds: [101, 102, 103], accessibility: ['Wheelchair accessible', 'Parking'], staffLanguages: ['English', 'Spanish'] },
    [dds(5091, 'Dr. Adam Christensen, DDS', 'General dentistry', ['English']), dds(5092, 'Dr. Veronica Ríos, DDS', 'General dentistry', ['English', 'Spanish']), dds(5093, 'Dr. Paul Nakai, DDS', 'Oral surgery', ['English'])],
  ),
  office(
    { id: 1042, name: 'Catlin Court Dental', address: at('5800 W Glenn Dr', 'Glendale', 'AZ', '85301'), phone: '6235550146', hours: WEEKDAYS, planIds: [101, 102], accessibility: ['Wheelchair accessible', 'Parking'], staffLanguages: ['English', 'Spanish'], group: 'Sonoran Dental Group' },
    [dds(5094, 'Dr. Emily Garza, DDS', 'Periodontics', ['English', 'Spanish'])],
  ),
  office(
    { id: 1043, name: 'Congress Street Dental', address: at('1 E Congress St', 'Tucson', 'AZ', '85701'), phone: '5205550147', hours: WITH_SATURDAY, planIds: [101, 102], accessibility: ['Wheelchair accessible', 'Step-free entrance'], staffLanguages: ['English', 'Spanish'] },
    [dds(5095, 'Dr. Miguel Tapia, DDS', 'General dentistry', ['English', 'Spanish']), dds(5096, 'Dr. Lena Manuel, DDS', 'General dentistry', ['English', "O'odham"])],
  ),
  office(
    { id: 1044, name: 'Campbell Avenue Dental', address: at('2500 N Campbell Ave', 'Tucson', 'AZ', '85719'), phone: '5205550148', hours: WEEKDAYS, planIds: [102, 103], accessibility: ['Wheelchair accessible', 'Parking', 'Accessible restroom'], staffLanguages: ['English', 'Mandarin'] },
    [dds(5097, 'Dr. Kevin Zhou, DMD', 'Orthodontics', ['English', 'Mandarin']), dds(5098, 'Dr. Sara Lindgren, DDS', 'Endodontics', ['English'])],
  ),
  office(
    { id: 1045, name: 'Flagstaff Pines Dental', address: at('1300 N Beaver St', 'Flagstaff', 'AZ', '86001'), phone: '9285550149', hours: FOUR_DAYS, accepting: false, planIds: [101, 102], accessibility: ['Parking', 'Step-free entrance'], staffLanguages: ['English', 'Navajo'] },
    [dds(5099, 'Dr. Tyler Begay, DDS', 'General dentistry', ['English', 'Navajo'])],
  ),
  // New York
  office(
    { id: 1046, name: 'Upper West Side Dental', address: at('2600 Broadway', 'New York', 'NY', '10025'), phone: '2125550150', hours: CITY, planIds: [101, 102, 103], accessibility: ['Elevator', 'Wheelchair accessible'], staffLanguages: ['English', 'Spanish', 'Hebrew'] },
    [dds(5100, 'Dr. Rachel Adler, DDS', 'General dentistry', ['English', 'Hebrew']), dds(5101, 'Dr. Jorge Almonte, DDS', 'Endodontics', ['English', 'Spanish']), dds(5102, 'Dr. Naomi Feldman, DMD', 'Pediatric dentistry', ['English', 'Yiddish'])],
  ),
  office(
    { id: 1047, name: 'Court Street Dental', address: at('26 Court St', 'Brooklyn', 'NY', '11201'), phone: '7185550151', hours: WEEKDAYS, planIds: [102, 103], accessibility: ['Step-free entrance'], staffLanguages: ['English', 'Italian', 'Russian'] },
    [dds(5103, 'Dr. Anthony Russo, DDS', 'Prosthodontics', ['English', 'Italian']), dds(5104, 'Dr. Irina Volkova, DDS', 'General dentistry', ['English', 'Russian'])],
  ),
  office(
    { id: 1048, name: 'Jackson Heights Dental Center', address: at('37-18 82nd St', 'Jackson Heights', 'NY', '11372'), phone: '7185550152', hours: CITY, planIds: [101, 102], accessibility: ['Wheelchair accessible', 'Accessible restroom'], staffLanguages: ['English', 'Spanish', 'Bengali', 'Nepali'] },
    [
      dds(5105, 'Dr. Farhana Chowdhury, DDS', 'General dentistry', ['English', 'Bengali']),
      dds(5106, 'Dr. Andrés Quintero, DDS', 'Orthodontics', ['English', 'Spanish']),
      dds(5107, 'Dr. Pasang Sherpa, DMD', 'General dentistry', ['English', 'Nepali']),
      rdh(5108, 'Luz Marina Ortiz, RDH', ['English', 'Spanish']),
    ],
  ),
  office(
    { id: 1049, name: 'Grand Concourse Dental', address: at('560 Grand Concourse', 'Bronx', 'NY', '10451'), phone: '7185550153', hours: FAMILY, planIds: [101, 102], accessibility: ['Wheelchair accessible', 'Elevator'], staffLanguages: ['English', 'Spanish'] },
    [dds(5109, 'Dr. Yesenia Polanco, DDS', 'General dentistry', ['English', 'Spanish'])],
  ),
  // Texas
  office(
    { id: 1050, name: 'South Congress Dental', address: at('1600 S Congress Ave', 'Austin', 'TX', '78704'), phone: '5125550154', hours: WITH_SATURDAY, planIds: [101, 102], accessibility: ['Wheelchair accessible', 'Parking'], staffLanguages: ['English', 'Spanish'] },
    [dds(5110, 'Dr. Caleb Turner, DDS', 'General dentistry', ['English']), dds(5111, 'Dr. Mónica Treviño, DDS', 'Pediatric dentistry', ['English', 'Spanish'])],
  ),
  office(
    { id: 1051, name: 'Main Street Dental', address: at('1000 Main St', 'Houston', 'TX', '77002'), phone: '7135550155', hours: EARLY, planIds: [101, 102, 103], accessibility: ['Wheelchair accessible', 'Elevator', 'Accessible restroom'], staffLanguages: ['English', 'Spanish'], group: 'Gulf Coast Dental Partners' },
    [dds(5112, 'Dr. Marcus Thibodeaux, DDS', 'General dentistry', ['English', 'French']), dds(5113, 'Dr. Alicia Montoya, DDS', 'Oral surgery', ['English', 'Spanish'])],
  ),
  office(
    { id: 1052, name: 'Montrose Dental Studio', address: at('1900 Westheimer Rd', 'Houston', 'TX', '77006'), phone: '7135550156', hours: LATE, planIds: [102, 103], accessibility: ['Step-free entrance', 'Parking'], staffLanguages: ['English'] },
    [dds(5114, 'Dr. Evan Price, DDS', 'General dentistry', ['English']), dds(5115, 'Dr. Jasmine Patel, DMD', 'Periodontics', ['English', 'Gujarati'])],
  ),
  office(
    { id: 1053, name: 'Bellaire Boulevard Dental', address: at('6800 Bellaire Blvd', 'Houston', 'TX', '77036'), phone: '7135550157', hours: FAMILY, planIds: [101, 102], accessibility: ['Wheelchair accessible', 'Parking'], staffLanguages: ['English', 'Vietnamese', 'Mandarin', 'Spanish'], group: 'Gulf Coast Dental Partners' },
    [dds(5116, 'Dr. Thanh Nguyen, DDS', 'General dentistry', ['English', 'Vietnamese']), dds(5117, 'Dr. Li Na Wu, DDS', 'Pediatric dentistry', ['English', 'Mandarin']), dds(5118, 'Dr. Carlos Benavides, DDS', 'Endodontics', ['English', 'Spanish'])],
  ),
  office(
    { id: 1054, name: 'Arts District Dental', address: at('1900 N Akard St', 'Dallas', 'TX', '75201'), phone: '2145550158', hours: WEEKDAYS, planIds: [102, 103], accessibility: ['Wheelchair accessible', 'Elevator'], staffLanguages: ['English', 'Arabic'], group: 'North Texas Dental Group' },
    [dds(5119, 'Dr. Whitney Collins, DDS', 'Orthodontics', ['English']), dds(5120, 'Dr. Samir Farouk, DDS', 'General dentistry', ['English', 'Arabic'])],
  ),
  office(
    { id: 1055, name: 'Bishop Arts Family Dental', address: at('400 N Bishop Ave', 'Dallas', 'TX', '75208'), phone: '2145550159', hours: WITH_SATURDAY, planIds: [101, 102], accessibility: ['Step-free entrance', 'Parking'], staffLanguages: ['English', 'Spanish'] },
    [dds(5121, 'Dr. Esperanza Domínguez, DDS', 'General dentistry', ['English', 'Spanish']), dds(5122, 'Dr. Raúl Cárdenas, DDS', 'Pediatric dentistry', ['English', 'Spanish'])],
  ),
  office(
    { id: 1056, name: 'River Walk Dental', address: at('300 E Houston St', 'San Antonio', 'TX', '78205'), phone: '2105550160', hours: WEEKDAYS, planIds: [101, 102, 103], accessibility: ['Wheelchair accessible', 'Elevator', 'Parking'], staffLanguages: ['English', 'Spanish'] },
    [dds(5123, 'Dr. Patricia Salinas, DDS', 'General dentistry', ['English', 'Spanish']), dds(5124, 'Dr. Ryan Mueller, DMD', 'Oral surgery', ['English', 'German'], { accepting: false })],
  ),
  // Florida
  office(
    { id: 1057, name: 'Lincoln Road Dental', address: at('1000 Lincoln Rd', 'Miami Beach', 'FL', '33139'), phone: '3055550161', hours: LATE, planIds: [102, 103], accessibility: ['Wheelchair accessible', 'Elevator'], staffLanguages: ['English', 'Spanish', 'Portuguese'] },
    [dds(5125, 'Dr. Daniela Costa, DDS', 'General dentistry', ['English', 'Portuguese', 'Spanish']), dds(5126, 'Dr. Marc Lefebvre, DMD', 'Prosthodontics', ['English', 'French'])],
  ),
  office(
    { id: 1058, name: 'Calle Ocho Dental', address: at('1500 SW 8th St', 'Miami', 'FL', '33135'), phone: '3055550162', hours: FAMILY, planIds: [101, 102], accessibility: ['Wheelchair accessible', 'Step-free entrance'], staffLanguages: ['Spanish', 'English'] },
    [dds(5127, 'Dr. Ernesto Valdés, DDS', 'General dentistry', ['Spanish', 'English']), dds(5128, 'Dr. Yamilé Fernández, DDS', 'Pediatric dentistry', ['Spanish', 'English']), dds(5129, 'Dr. Alain Rodríguez, DDS', 'Endodontics', ['Spanish', 'English'])],
  ),
  office(
    { id: 1059, name: 'Lake Eola Dental', address: at('100 N Orange Ave', 'Orlando', 'FL', '32801'), phone: '4075550163', hours: WEEKDAYS, planIds: [101, 102, 103], accessibility: ['Wheelchair accessible', 'Elevator', 'Accessible restroom'], staffLanguages: ['English', 'Spanish', 'Haitian Creole'] },
    [dds(5130, 'Dr. Jean-Baptiste Pierre, DDS', 'General dentistry', ['English', 'Haitian Creole', 'French']), dds(5131, 'Dr. Stephanie Moore, DDS', 'Orthodontics', ['English'])],
  ),
  office(
    { id: 1060, name: 'Mills 50 Dental', address: at('1200 N Mills Ave', 'Orlando', 'FL', '32803'), phone: '4075550164', hours: WITH_SATURDAY, planIds: [101, 102], accessibility: ['Step-free entrance', 'Parking'], staffLanguages: ['English', 'Vietnamese'] },
    [dds(5132, 'Dr. Quynh Le, DDS', 'General dentistry', ['English', 'Vietnamese'])],
  ),
  office(
    { id: 1061, name: 'Channelside Dental', address: at('400 N Ashley Dr', 'Tampa', 'FL', '33602'), phone: '8135550165', hours: FOUR_DAYS, accepting: false, planIds: [102, 103], accessibility: ['Wheelchair accessible', 'Elevator'], staffLanguages: ['English', 'Spanish'] },
    [dds(5133, 'Dr. Benjamin Carter, DDS', 'General dentistry', ['English']), dds(5134, 'Dr. Gloria Santiago, DDS', 'Periodontics', ['English', 'Spanish'])],
  ),
  // Nevada
  office(
    { id: 1062, name: 'Charleston Boulevard Dental', address: at('1800 W Charleston Blvd', 'Las Vegas', 'NV', '89102'), phone: '7025550166', hours: CITY, planIds: [101, 102], accessibility: ['Wheelchair accessible', 'Parking'], staffLanguages: ['English', 'Spanish', 'Tagalog'] },
    [dds(5135, 'Dr. Ramon Dela Cruz, DDS', 'General dentistry', ['English', 'Tagalog']), dds(5136, 'Dr. Fernanda Lozano, DDS', 'Pediatric dentistry', ['English', 'Spanish'])],
  ),
  office(
    { id: 1063, name: 'Silverado Ranch Dental', address: at('9000 S Eastern Ave', 'Las Vegas', 'NV', '89123'), phone: '7025550167', hours: WEEKDAYS, planIds: [101, 102, 103], accessibility: ['Wheelchair accessible', 'Parking', 'Accessible restroom'], staffLanguages: ['English', 'Cantonese'] },
    [dds(5137, 'Dr. Austin Reed, DDS', 'General dentistry', ['English']), dds(5138, 'Dr. Mei Lin Ho, DMD', 'Orthodontics', ['English', 'Cantonese'])],
  ),
  office(
    { id: 1064, name: 'Green Valley Dental', address: at('2300 W Horizon Ridge Pkwy', 'Henderson', 'NV', '89052'), phone: '7025550168', hours: FOUR_DAYS, planIds: [102, 103], accessibility: ['Wheelchair accessible', 'Parking'], staffLanguages: ['English'] },
    [dds(5139, 'Dr. Heather Sullivan, DDS', 'Endodontics', ['English'])],
  ),
  // Illinois
  office(
    { id: 1065, name: 'Magnificent Mile Dental', address: at('700 N Michigan Ave', 'Chicago', 'IL', '60611'), phone: '3125550169', hours: EARLY, planIds: [102, 103], accessibility: ['Wheelchair accessible', 'Elevator', 'Accessible restroom', 'Hearing loop'], staffLanguages: ['English', 'Polish', 'French'], group: 'Great Lakes Dental Partners' },
    [dds(5140, 'Dr. Andrew Kowalski, DDS', 'General dentistry', ['English', 'Polish']), dds(5141, 'Dr. Simone Baptiste, DMD', 'Prosthodontics', ['English', 'French']), dds(5142, 'Dr. Ethan Goldstein, DDS', 'Oral surgery', ['English'])],
  ),
  office(
    { id: 1066, name: 'Lincoln Park Dental', address: at('2500 N Clark St', 'Chicago', 'IL', '60614'), phone: '7735550170', hours: WITH_SATURDAY, planIds: [101, 102], accessibility: ['Step-free entrance'], staffLanguages: ['English', 'Telugu'] },
    [dds(5143, "Dr. Megan O'Brien, DDS", 'General dentistry', ['English']), dds(5144, 'Dr. Nikhil Rao, DDS', 'Orthodontics', ['English', 'Telugu'])],
  ),
  office(
    { id: 1067, name: 'Pilsen Family Dental', address: at('1800 S Blue Island Ave', 'Chicago', 'IL', '60608'), phone: '3125550171', hours: FAMILY, planIds: [101, 102], accessibility: ['Wheelchair accessible', 'Step-free entrance'], staffLanguages: ['Spanish', 'English'] },
    [dds(5145, 'Dr. Adriana Morales, DDS', 'General dentistry', ['English', 'Spanish']), dds(5146, 'Dr. Ignacio Barrera, DDS', 'Pediatric dentistry', ['English', 'Spanish'])],
  ),
  office(
    { id: 1068, name: 'Uptown Broadway Dental', address: at('4800 N Broadway', 'Chicago', 'IL', '60640'), phone: '7735550172', hours: WEEKDAYS, planIds: [101, 102], accessibility: ['Wheelchair accessible', 'Elevator'], staffLanguages: ['English', 'Vietnamese', 'Amharic'] },
    [dds(5147, 'Dr. Hoa Dinh, DDS', 'General dentistry', ['English', 'Vietnamese']), dds(5148, 'Dr. Meron Alemu, DDS', 'General dentistry', ['English', 'Amharic'])],
  ),
  // Colorado
  office(
    { id: 1069, name: 'Union Station Dental', address: at('1701 Wynkoop St', 'Denver', 'CO', '80202'), phone: '3035550173', hours: WEEKDAYS, planIds: [101, 102, 103], accessibility: ['Wheelchair accessible', 'Elevator', 'Accessible restroom'], staffLanguages: ['English', 'Spanish'] },
    [dds(5149, 'Dr. Lauren Fitzgerald, DDS', 'General dentistry', ['English']), dds(5150, 'Dr. Diego Archuleta, DDS', 'Endodontics', ['English', 'Spanish'])],
  ),
  office(
    { id: 1070, name: 'Cherry Creek Dental', address: at('200 Columbine St', 'Denver', 'CO', '80206'), phone: '3035550174', hours: FOUR_DAYS, accepting: false, planIds: [103], accessibility: ['Wheelchair accessible', 'Parking'], staffLanguages: ['English'] },
    [dds(5151, 'Dr. Charles Whitman, DMD', 'Prosthodontics', ['English'])],
  ),
  office(
    { id: 1071, name: 'Pearl Street Dental', address: at('1400 Pearl St', 'Boulder', 'CO', '80302'), phone: '3035550175', hours: WITH_SATURDAY, planIds: [101, 102], accessibility: ['Step-free entrance', 'Accessible restroom'], staffLanguages: ['English', 'Japanese'] },
    [dds(5152, 'Dr. Aspen Howell, DDS', 'General dentistry', ['English']), dds(5153, 'Dr. Haruka Mori, DDS', 'Pediatric dentistry', ['English', 'Japanese'])],
  ),
  // Washington
  office(
    { id: 1072, name: 'Fourth Avenue Dental', address: at('1500 4th Ave', 'Seattle', 'WA', '98101'), phone: '2065550176', hours: EARLY, planIds: [101, 102, 103], accessibility: ['Wheelchair accessible', 'Elevator', 'Hearing loop'], staffLanguages: ['English', 'Hindi', 'Swedish'] },
    [dds(5154, 'Dr. Sunita Sharma, DDS', 'General dentistry', ['English', 'Hindi']), dds(5155, 'Dr. Erik Johansson, DDS', 'Periodontics', ['English', 'Swedish'])],
  ),
  office(
    { id: 1073, name: 'Bellevue Square Dental', address: at('10500 NE 8th St', 'Bellevue', 'WA', '98004'), phone: '4255550177', hours: WEEKDAYS, planIds: [102, 103], accessibility: ['Wheelchair accessible', 'Parking', 'Elevator'], staffLanguages: ['English', 'Korean', 'Polish'] },
    [dds(5156, 'Dr. Jae-won Choi, DDS', 'Orthodontics', ['English', 'Korean']), dds(5157, 'Dr. Anna Kowalczyk, DDS', 'General dentistry', ['English', 'Polish'])],
  ),
]
