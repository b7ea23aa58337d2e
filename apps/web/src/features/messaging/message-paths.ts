// The provider's message routes of spec 3 §2, at the top level (/provider/message/...) or inside the
// patient view (/provider/patient/{patientId}/message/...).

export function messageBase(patientId: string | undefined): string {
  return patientId ? `/provider/patient/${encodeURIComponent(patientId)}/message` : '/provider/message';
}

export const messagePaths = (patientId: string | undefined) => {
  const base = messageBase(patientId);
  return {
    list: patientId ? `${base}/thread` : base,
    thread: (threadId: string) => `${base}/thread/${encodeURIComponent(threadId)}`,
    create: `${base}/thread/create`,
    sms: `${base}/thread/sms`,
    receiverList: `${base}/receiver-list`,
    searchPatient: `${base}/search-patient`,
    searchProvider: `${base}/search-provider`,
  };
};
