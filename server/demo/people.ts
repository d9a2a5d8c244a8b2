/** Names and details of the demo users: varied, realistic, and clearly fictional (example.org). */
export const demoStaff = [
  { username: 'manager1', firstname: 'Margaret', lastname: 'Okafor', department: 'Academic office', role: 'manager' },
  { username: 'teacher1', firstname: 'Daniel', lastname: 'Moreau', department: 'Sciences', role: 'teacher' },
  { username: 'teacher2', firstname: 'Priya', lastname: 'Raman', department: 'Humanities', role: 'teacher' },
] as const;

const firstnames = [
  'Amelia', 'Lucas', 'Sofia', 'Mateo', 'Hannah', 'Kenji', 'Zara', 'Oliver', 'Aisha', 'Finn',
  'Leila', 'Noah', 'Ingrid', 'Tomasz', 'Chloe', 'Samuel', 'Mei', 'Diego', 'Freya', 'Yusuf',
  'Elena', 'Jonas', 'Nadia', 'Ravi', 'Clara', 'Emeka', 'Lotte', 'Hugo', 'Sienna', 'Arjun',
];
const lastnames = [
  'Fischer', 'Nakamura', 'Oliveira', 'Byrne', 'Kowalski', 'Haddad', 'Lindqvist', 'Mensah', 'Rossi', 'Chen',
  'Dubois', 'Novak', 'Patel', 'Svensson', 'García', 'Mwangi', 'Jansen', 'Kaur', 'Murphy', 'Ivanova',
  'Tanaka', 'Osei', 'Bianchi', 'Schmidt', 'Walsh', 'Yilmaz', 'Horvat', 'Silva', 'Andersen', 'Nguyen',
];
const cities = ['Leeds', 'Lyon', 'Porto', 'Gdańsk', 'Utrecht', 'Nairobi', 'Osaka', 'Dublin'];
const countries = ['GB', 'FR', 'PT', 'PL', 'NL', 'KE', 'JP', 'IE'];

export const demoStudents = firstnames.map((firstname, i) => ({
  username: `student${i + 1}`,
  firstname,
  lastname: lastnames[i] ?? 'Student',
  department: i % 2 === 0 ? 'Year 1' : 'Year 2',
  city: cities[i % cities.length] ?? '',
  country: countries[i % countries.length] ?? '',
}));

export const demoCategories = [
  { name: 'Sciences', idnumber: 'SCI', description: 'Biology, chemistry and physics.' },
  { name: 'Humanities', idnumber: 'HUM', description: 'History, literature and philosophy.' },
  { name: 'Professional development', idnumber: 'PD', description: 'Courses for staff.' },
] as const;

export const demoCourses = [
  { category: 0, fullname: 'Introduction to Biology', shortname: 'BIO101', teacher: 'teacher1', students: 25, sections: ['Cells and life', 'Genetics', 'Evolution', 'Ecosystems'] },
  { category: 0, fullname: 'Chemistry Fundamentals', shortname: 'CHEM101', teacher: 'teacher1', students: 18, sections: ['Atoms', 'Bonding', 'Reactions', 'Acids and bases'] },
  { category: 1, fullname: 'Modern European History', shortname: 'HIST201', teacher: 'teacher2', students: 22, sections: ['Revolutions', 'Industrial age', 'The world wars', 'Europe since 1945'] },
  { category: 1, fullname: 'Reading Poetry Closely', shortname: 'LIT110', teacher: 'teacher2', students: 14, sections: ['Form and metre', 'Imagery', 'Voice', 'Writing about poems'] },
  { category: 2, fullname: 'Assessment for Learning', shortname: 'PD-AFL', teacher: 'teacher1', students: 10, sections: ['Why assess', 'Feedback that works', 'Rubrics and guides', 'Moderation'] },
  { category: 2, fullname: 'Designing Online Courses', shortname: 'PD-DOC', teacher: 'teacher2', students: 12, sections: ['Learning outcomes', 'Activities', 'Accessibility', 'Evaluation'] },
] as const;
