import { observer } from 'mobx-react-lite';
import { useStores } from '../stores';
import { useLanguage, useT, useTexts } from '../catalogLanguage';

/**
 * The appointment section (issue 25, "slots in one tap"): the bookable days as chips ("So bald wie möglich"
 * first where the branch takes orders now) and the chosen day's times as buttons, grouped by part of the
 * day; a full slot shows "ausgebucht" and cannot be chosen. Both are radio groups of native radios (arrow
 * keys move, the screen reader says "1 of 12"); one tap chooses.
 */
export const AppointmentPickers = observer(function AppointmentPickers({ error }: { error?: string }) {
  const texts = useTexts();
  const t = useT();
  const language = useLanguage();
  const { checkout } = useStores();
  const day = checkout.slots.appointmentDay;
  const chosen = checkout.slots.appointment?.getTime();
  const groups = checkout.slots.slotGroupsIn(language);
  const days = checkout.slots.dayChoicesIn(language);
  return (
    <div className="slots">
      <div
        id="appointmentDate"
        className="slots__days"
        role="radiogroup"
        aria-label={texts.date}
        aria-invalid={!!error}
        aria-describedby={error ? 'appointmentDate-error' : undefined}
        tabIndex={-1}
      >
        {days.length === 0 && <p className="slots__none">{t('appointment.noneOnDay')}</p>}
        {days.map((choice) => (
          <label
            key={choice.date ?? 'asap'}
            className={`slot-chip${choice.date === null ? ' slot-chip--asap' : ''}`}
          >
            <input
              type="radio"
              name="appointment-day"
              checked={day === choice.date}
              onChange={() => checkout.slots.chooseDay(choice.date)}
            />
            <span className="slot-chip__face">
              <span className="slot-chip__name">{choice.name}</span>
              {choice.dateLabel && <span className="slot-chip__date">{choice.dateLabel}</span>}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id="appointmentDate-error" className="form__error">
          {error}
        </p>
      )}
      {day && (
        <div className="slots__times" role="radiogroup" aria-label={texts.time}>
          {groups.length === 0 && <p className="slots__none">{t('appointment.noneOnDay')}</p>}
          {groups.map((group) => (
            <div key={group.label} className="slots__group" role="group" aria-label={group.label}>
              <p className="slots__group-title" aria-hidden="true">
                {group.label}
              </p>
              <div className="slots__grid">
                {group.slots.map((slot) => (
                  <label
                    key={slot.time.getTime()}
                    className={`slot-button${slot.isFull ? ' slot-button--full' : ''}`}
                  >
                    <input
                      type="radio"
                      name="appointment-time"
                      disabled={slot.isFull}
                      checked={chosen === slot.time.getTime()}
                      onChange={() => checkout.slots.chooseSlot(slot)}
                    />
                    <span className="slot-button__face">
                      <span className="slot-button__time">{slot.label}</span>
                      {slot.isFull && <span className="slot-button__full">{t('appointment.full')}</span>}
                    </span>
                  </label>
                ))}
              </div>
            </div>
          ))}
        </div>
      )}
    </div>
  );
});
