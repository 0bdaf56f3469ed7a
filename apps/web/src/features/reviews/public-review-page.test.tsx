import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REVIEW_MESSAGES } from '@odonto/domain/contracts/reviews';
import { routes } from '../../app/router';
import { apiError, mockApi, type MockAnswer } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';

const TOKEN = 'A'.repeat(43);
const PATH = `/api/public/review/${TOKEN}`;

function publicApi(info: MockAnswer, post: MockAnswer = { status: 201, body: { ok: true } }) {
  // No session and no setup call: the page must work for a patient who never signed in.
  return mockApi({ [`GET ${PATH}`]: info, [`POST ${PATH}`]: post });
}

describe('the public review page', () => {
  it('greets the patient by first name with the clinic and the doctor, and sends the stars and comment', async () => {
    const { calls } = publicApi({
      body: { clinicName: 'Clinica Zâmbet', medic: 'Dr. Ioana Marin', prenume: 'Ana' },
    });
    renderRoutes(routes, `/review/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Bună ziua, Ana!' })).toBeTruthy();
    expect(screen.getByText('Clinica Zâmbet')).toBeTruthy();
    expect(screen.getByText('Cum a fost vizita la Dr. Ioana Marin?')).toBeTruthy();
    expect(calls.map((call) => call.url)).toEqual([PATH]);

    await userEvent.click(screen.getByRole('button', { name: 'Trimite recenzia' }));
    expect(await screen.findByText(REVIEW_MESSAGES.ratingRequired)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    // The patient taps the star: the label of Mantine's visually hidden radio.
    const fourStars = screen.getByRole('radio', { name: '4 stele' });
    const star = document.querySelector(`label[for="${fourStars.id}"]`);
    await userEvent.click(star as HTMLElement);
    expect(await screen.findByText('Mulțumit')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Comentariu (opțional)' }), 'Foarte bine.');
    await userEvent.click(screen.getByRole('button', { name: 'Trimite recenzia' }));
    expect(await screen.findByRole('heading', { name: 'Vă mulțumim!' })).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      rating: 4,
      comment: 'Foarte bine.',
    });
  });

  it.each([
    ['a used link', apiError(410, 'gone', REVIEW_MESSAGES.tokenUsed), 'Recenzie deja trimisă'],
    ['an expired link', apiError(410, 'gone', REVIEW_MESSAGES.tokenExpired), 'Link expirat'],
    ['an unknown link', apiError(404, 'not_found', REVIEW_MESSAGES.tokenUnknown), 'Link invalid'],
  ])('explains %s and offers no form', async (_name, answer, title) => {
    publicApi(answer);
    renderRoutes(routes, `/review/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    expect(screen.getByText((answer.body as { error: { message: string } }).error.message)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Trimite recenzia' })).toBeNull();
  });
});
