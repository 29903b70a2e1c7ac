import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { interviewKeys } from './api';

describe('interview query keys', () => {
  it('keep the room out of what saving a scorecard refreshes (a new ticket would restart the call)', async () => {
    const client = new QueryClient();
    client.setQueryData(interviewKeys.room(null, 5), { ticket: 't' });
    client.setQueryData(interviewKeys.detail(5), { id: 5 });
    await client.invalidateQueries({ queryKey: interviewKeys.all });
    expect(client.getQueryState(interviewKeys.detail(5))?.isInvalidated).toBe(true);
    expect(client.getQueryState(interviewKeys.room(null, 5))?.isInvalidated).toBe(false);
  });
});
