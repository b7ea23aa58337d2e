// Booking flow texts (spec 2 §2 provider list to summary, §5, §8), namespace 'booking'. Loaded with the
// booking screens, not with the first page (decision 0017). Spec wording is verbatim.
export const bookingEn = {
  title: 'Schedule appointment',
};
