import { addDays, fromLocal, localDate, weekdayOf } from '@ordering/common';
import type { EntityManager } from 'typeorm';
import type { Branch } from '../branches/branch.entity.js';
import { User } from '../auth/user.entity.js';
import { Department } from './departments/department.entity.js';
import { Project } from './projects/project.entity.js';
import { Task } from './projects/task.entity.js';
import { DigitalSignageDevice } from './signage/digital-signage-device.entity.js';
import { DigitalSignageStream } from './signage/digital-signage-stream.entity.js';
import { HolidayBalance } from './time-tracking/holiday-balance.entity.js';
import { WorkingActivity } from './time-tracking/working-activity.entity.js';
import { WorkingSchedule } from './time-tracking/working-schedule.entity.js';

const ZONE = 'Europe/Vienna';
const hours = (h: number) => h * 60;

/**
 * Demo data of operations: departments, the screed business's project with its tasks, a signage stream
 * and TV, this week's shifts and the 2026 holiday balances.
 * Users come from the user seed (`leitung`, `mitarbeiter`); rows for a missing user are left out.
 * The signage stream has no segments: segments need stored images or videos, which the seed does not write.
 */
export async function seedOperations(
  em: EntityManager,
  branches: Branch[],
  now: Date = new Date(),
): Promise<void> {
  const branch = (identifier: string) => branches.find((b) => b.identifier === identifier) ?? null;
  const inn = branch('gasthaus-linde-wien');
  const screed = branch('estrich-graz');
  const users = await em
    .getRepository(User)
    .find({ where: [{ username: 'leitung' }, { username: 'mitarbeiter' }] });
  const manager = users.find((u) => u.username === 'leitung') ?? null;
  const employee = users.find((u) => u.username === 'mitarbeiter') ?? null;

  const departments = new Map<string, Department>();
  for (const [b, name, identifier, description] of [
    [inn, 'Küche', 'linde-wien-kueche', 'Warme und kalte Küche, Patisserie'],
    [inn, 'Service', 'linde-wien-service', 'Gastraum, Schanigarten und Theke'],
    [inn, 'Lieferung', 'linde-wien-lieferung', 'Zustellung mit E-Bikes im 6., 7. und 8. Bezirk'],
    [screed, 'Verlegung', 'estrich-graz-verlegung', 'Estrichpartien auf der Baustelle'],
    [screed, 'Büro', 'estrich-graz-buero', 'Angebote, Disposition und Abrechnung'],
  ] as const) {
    if (!b) continue;
    const department = em.create(Department, {
      name,
      identifier,
      branch: b,
      division: b.division ?? null,
      description,
    });
    departments.set(identifier, await em.save(department));
  }

  if (inn) {
    const stream = await em.save(
      em.create(DigitalSignageStream, {
        name: 'Gastraum Wien',
        identifier: 'linde-wien-gastraum',
        loop: true,
        items: [],
      }),
    );
    await em.save(
      em.create(DigitalSignageDevice, {
        identifier: 'linde-wien-tv-gastraum',
        name: 'TV Gastraum',
        branch: inn,
        stream,
        orientation: 'landscape',
        resolution: '1920x1080',
      }),
    );
  }

  if (screed) {
    const project = await em.save(
      em.create(Project, {
        name: 'Einfamilienhaus Kainbach – Fließestrich 140 m²',
        number: '2026-014',
        customerName: 'Familie Pichler',
        customerContact: '+43 664 318 22 90, pichler.bau@example.at',
        street: 'Hönigtaler Straße 7',
        zipCode: '8010',
        city: 'Kainbach bei Graz',
        status: 'active',
        startDate: '2026-11-23',
        endDate: '2026-12-04',
        description:
          'Calciumsulfat-Fließestrich CA-F5, 140 m² auf Fußbodenheizung, Estrichdicke 50 mm über Rohr. ' +
          'Zufahrt für den Mischer über die Hofeinfahrt; Wasser und Strom bauseits.',
        isEnabled: true,
        branch: screed,
        division: screed.division ?? null,
      }),
    );
    await em.save(
      (
        [
          ['Aufmaß und Höhenkontrolle mit Nivelliergerät', 'done', '2026-11-23', 3],
          ['Randdämmstreifen und PE-Folie verlegen', 'in-progress', '2026-11-24', 6],
          ['Fließestrich einbringen und entlüften (140 m²)', 'open', '2026-11-25', 8],
          ['Belegreifmessung (CM-Messung) vor dem Bodenbelag', 'open', '2026-12-04', 1.5],
        ] as const
      ).map(([name, status, dueDate, estimatedHours], position) =>
        em.create(Task, {
          project,
          name,
          status,
          dueDate,
          estimatedHours,
          position,
          assignee: position === 3 ? manager : null,
        }),
      ),
    );
  }

  // This week's shifts (Monday to Friday, Vienna time) for the employee of the inn.
  if (employee && inn) {
    const today = localDate(now, ZONE);
    const monday = addDays(today, -weekdayOf(today));
    const kitchen = departments.get('linde-wien-kueche') ?? null;
    const service = departments.get('linde-wien-service') ?? null;
    await em.save(
      [0, 1, 2, 3, 4].map((d) => {
        const date = addDays(monday, d);
        const late = d === 4;
        return em.create(WorkingSchedule, {
          user: employee,
          branch: inn,
          department: d % 2 === 0 ? kitchen : service,
          startsAt: fromLocal(date, hours(late ? 14 : 10), ZONE),
          endsAt: fromLocal(date, hours(late ? 22 : 18), ZONE),
          comment: late ? 'Spätdienst' : '',
        });
      }),
    );
  }

  // Holiday balances for 2026; the employee already took a week in August.
  for (const [user, entitlementDays, carriedOverDays] of [
    [manager, 25, 0],
    [employee, 25, 3],
  ] as const) {
    if (user)
      await em.save(
        em.create(HolidayBalance, { user, year: 2026, entitlementDays, carriedOverDays, comment: '' }),
      );
  }
  if (employee && inn) {
    await em.save(
      em.create(WorkingActivity, {
        user: employee,
        branch: inn,
        type: 'holiday',
        startedAt: fromLocal('2026-08-10', 0, ZONE),
        endedAt: fromLocal('2026-08-15', 0, ZONE),
        pauses: [],
        status: 'ended',
        pauseMinutes: 0,
        days: 5,
        comment: 'Sommerurlaub',
      }),
    );
  }
}
