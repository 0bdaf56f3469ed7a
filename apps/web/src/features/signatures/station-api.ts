import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { stationEvent, type StationEvent } from '@odonto/domain/contracts/signatures';
import { request } from '../../lib/http';

const STATION_KEY = ['signatures', 'station'] as const;
const STATION_EVENTS_URL = '/api/signature-station/events';

/**
 * The signature station's pending request: read once, then kept current by the server's events
 * (EventSource reconnects by itself after a network error). `isLive` says whether the stream is open.
 * An event is newer than a read still on its way when it arrives: that read's answer then gives way to it
 * (a request sent while the station was loading would otherwise be wiped by the read's older "none").
 */
export function useStationRequest() {
  const queryClient = useQueryClient();
  const [isLive, setIsLive] = useState(false);
  const eventsSeen = useRef(0);
  const query = useQuery({
    queryKey: STATION_KEY,
    queryFn: async ({ signal }) => {
      const before = eventsSeen.current;
      const answer = await request('/api/signature-station/pending', { schema: stationEvent, signal });
      if (eventsSeen.current === before) return answer;
      return queryClient.getQueryData<StationEvent>(STATION_KEY) ?? answer;
    },
  });

  useEffect(() => {
    const source = new EventSource(STATION_EVENTS_URL, { withCredentials: true });
    const handleRequest = (message: MessageEvent<string>) => {
      const parsed = stationEvent.safeParse(JSON.parse(message.data));
      if (!parsed.success) return;
      eventsSeen.current += 1;
      queryClient.setQueryData<StationEvent>(STATION_KEY, parsed.data);
    };
    source.addEventListener('request', handleRequest);
    source.onopen = () => setIsLive(true);
    source.onerror = () => {
      setIsLive(false);
      // A closed stream (signed out, no access) is not retried by the browser: ask the server again.
      if (source.readyState === EventSource.CLOSED)
        void queryClient.invalidateQueries({ queryKey: STATION_KEY });
    };
    return () => {
      source.removeEventListener('request', handleRequest);
      source.close();
    };
  }, [queryClient]);

  return { request: query.data?.request ?? null, isLoading: query.isPending, error: query.error, isLive };
}
