// The provider's message routes of spec 3 §2, at the top level (/provider/message/...) or inside the
// patient view (/provider/patient/{patientId}/message/...).

// Issue 17 item 6 (decision 0045): on /provider/single-header/message/... the links stay there.

import { useLocation } from 'react-router';

const SINGLE_HEADER_MESSAGE = '/provider/single-header/message';

export function messageBase(patientId: string | undefined, singleHeader = false): string {
  if (patientId) {
    return `/provider/patient/${encodeURIComponent(patientId)}/message`;
  }
  return singleHeader ? SINGLE_HEADER_MESSAGE : '/provider/message';
}

/** Whether a path is one of the single-header messaging screens. */
export function isSingleHeaderMessagePath(pathname: string): boolean {
  return pathname === SINGLE_HEADER_MESSAGE || pathname.startsWith(`${SINGLE_HEADER_MESSAGE}/`);
}

/** The message paths for the screen being shown (single-header or not). */
export function useMessagePaths(patientId: string | undefined) {
  const { pathname } = useLocation();
  return messagePaths(patientId, isSingleHeaderMessagePath(pathname));
}

export const messagePaths = (patientId: string | undefined, singleHeader = false) => {
  const base = messageBase(patientId, singleHeader);
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
