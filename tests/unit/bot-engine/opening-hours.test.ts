import { describe, expect, it } from 'vitest';
import type { BusinessHours } from '../../../server/bot-engine/bot-config';
import {
  nextOpening,
  offlineNotice,
  offlineReply,
  weekHours,
  zoneName,
} from '../../../server/bot-engine/opening-hours';

const office = (timezone = 'Asia/Jakarta'): BusinessHours => ({
  timezone,
  days: {
    mon: [
      ['08:00', '12:00'],
      ['13:00', '17:00'],
    ],
    tue: [
      ['08:00', '12:00'],
      ['13:00', '17:00'],
    ],
    wed: [
      ['08:00', '12:00'],
      ['13:00', '17:00'],
    ],
    thu: [
      ['08:00', '12:00'],
      ['13:00', '17:00'],
    ],
    fri: [
      ['08:00', '11:30'],
      ['13:30', '17:00'],
    ],
    sat: [['09:00', '13:00']],
    sun: [],
  },
});
const closed: BusinessHours = {
  timezone: 'Asia/Jakarta',
  days: { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
};

// 2025-06-06 is a Friday. Jakarta is UTC+7.
const jakarta = (local: string) => new Date(`${local}+07:00`);
const june = jakarta('2025-06-06T12:00:00');

describe('a bot’s business hours as customers read them', () => {
  it('groups neighbouring days with the same hours, in each language’s way of writing times', () => {
    expect(weekHours(office(), 'indonesian', june)).toBe(
      'Senin–Kamis 08.00–12.00, 13.00–17.00, Jumat 08.00–11.30, 13.30–17.00, Sabtu 09.00–13.00 WIB',
    );
    expect(weekHours(office(), 'english', june)).toBe(
      'Mon–Thu 08:00–12:00, 13:00–17:00, Fri 08:00–11:30, 13:30–17:00, Sat 09:00–13:00 WIB',
    );
  });

  it('does not join days that are apart, even with the same hours', () => {
    const hours: BusinessHours = {
      ...closed,
      days: { ...closed.days, mon: [['10:00', '14:00']], wed: [['10:00', '14:00']] },
    };
    expect(weekHours(hours, 'english', june)).toBe('Mon 10:00–14:00, Wed 10:00–14:00 WIB');
  });

  it('names Indonesia’s zones as people do, and others by their offset', () => {
    expect(zoneName('Asia/Jakarta', june)).toBe('WIB');
    expect(zoneName('Asia/Makassar', june)).toBe('WITA');
    expect(zoneName('Asia/Jayapura', june)).toBe('WIT');
    expect(zoneName('Asia/Singapore', june)).toBe('GMT+8');
  });

  it('finds when people are back: later today, tomorrow, or after the weekend', () => {
    // Friday 12:00, between the two intervals.
    expect(nextOpening(office(), jakarta('2025-06-06T12:00:00'))).toEqual({ day: 'fri', time: '13:30', daysAhead: 0 });
    // Friday 18:00: Saturday morning.
    expect(nextOpening(office(), jakarta('2025-06-06T18:00:00'))).toEqual({ day: 'sat', time: '09:00', daysAhead: 1 });
    // Saturday 14:00: Sunday is closed, so Monday.
    expect(nextOpening(office(), jakarta('2025-06-07T14:00:00'))).toEqual({ day: 'mon', time: '08:00', daysAhead: 2 });
    // In the zone's own day, not the server's: Friday 23:30 UTC is Saturday 06:30 in Jakarta.
    expect(nextOpening(office(), new Date('2025-06-06T23:30:00Z'))).toEqual({
      day: 'sat',
      time: '09:00',
      daysAhead: 0,
    });
    expect(nextOpening(closed, jakarta('2025-06-06T18:00:00'))).toBeUndefined();
  });

  it('comes back a week later when the only opening of the week has just ended', () => {
    const hours: BusinessHours = { ...closed, days: { ...closed.days, fri: [['08:00', '10:00']] } };
    expect(nextOpening(hours, jakarta('2025-06-06T11:00:00'))).toEqual({ day: 'fri', time: '08:00', daysAhead: 7 });
  });

  it('tells the hours and the return in the reply’s language, or in both when it is not known', () => {
    const friday = jakarta('2025-06-06T18:00:00');
    expect(offlineNotice(office(), friday, 'indonesian')).toBe(
      'Jam kerja kami: Senin–Kamis 08.00–12.00, 13.00–17.00, Jumat 08.00–11.30, 13.30–17.00, Sabtu 09.00–13.00 WIB. ' +
        'Kami kembali besok pukul 09.00.',
    );
    const saturday = jakarta('2025-06-07T14:00:00');
    expect(offlineNotice(office(), saturday, 'english')).toMatch(
      /^Our hours: Mon–Thu .* WIB\. We are back on Monday at 08:00\.$/,
    );
    expect(offlineNotice(office(), jakarta('2025-06-06T12:00:00'), null)).toMatch(
      /^Jam kerja kami: .* Kami kembali hari ini pukul 13\.30\. \/ Our hours: .* We are back today at 13:30\.$/,
    );
  });

  it('says nothing for a week without hours', () => {
    expect(offlineNotice(closed, jakarta('2025-06-06T18:00:00'), 'english')).toBe('');
  });

  it('follows the offline message with the notice, unless the message already names a time of day', () => {
    const friday = jakarta('2025-06-06T18:00:00');
    expect(
      offlineReply({ offlineMessage: 'Tim kami sedang libur.', businessHours: office() }, friday, 'indonesian'),
    ).toBe('Tim kami sedang libur.\n\n' + offlineNotice(office(), friday, 'indonesian'));
    for (const own of ['Kami buka Senin–Jumat 08.00–17.00.', 'Back at 9:30 tomorrow.']) {
      expect(offlineReply({ offlineMessage: own, businessHours: office() }, friday, 'english')).toBe(own);
    }
    // Numbers that are not times: a price, a date, a version.
    const priced = 'Ongkir mulai Rp 10.000, promo s.d. 12.12.2025.';
    expect(offlineReply({ offlineMessage: priced, businessHours: office() }, friday, 'indonesian')).toContain(
      'Jam kerja kami:',
    );
  });
});
