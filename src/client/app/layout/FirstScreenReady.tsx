import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { screenHydrated } from '@/lib/ssr/boot';
import { signalReady } from '@/lib/telegram/launch';

/** The longest Telegram keeps its placeholder for the first screen's data (then the screen shows as it is). */
const DATA_WAIT_MS = 1500;

/**
 * Placed after the screen inside a layout's Suspense, so it commits with the screen (not with the loading fallback).
 * Tells Telegram that the app is ready (`web_app_ready`, once per page; nothing in a browser) once the first screen
 * has committed and its data is in (a server-rendered screen has it at once), or DATA_WAIT_MS after the commit.
 */
export function FirstScreenReady() {
  const client = useQueryClient();
  // Re-checked whenever the number of fetches changes. Read from the cache, not from this render: the screen's own
  // effects (earlier in the tree, so run first) have just started its first fetches.
  const fetching = useIsFetching();
  // Hydrated (or drawn): the stores that answered as the server meanwhile answer their own now (lib/ssr/boot.ts).
  useEffect(() => {
    screenHydrated();
  }, []);
  useEffect(() => {
    if (fetching >= 0 && client.isFetching() === 0) signalReady();
  }, [client, fetching]);
  useEffect(() => {
    const timer = setTimeout(signalReady, DATA_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  return null;
}
