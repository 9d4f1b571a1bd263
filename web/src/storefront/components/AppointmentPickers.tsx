import { t, WEEKDAY_SHORT_NAMES_DE } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { Overlay } from './Overlay';
import { longDateLabel, type DatePickerState, type TimePickerState } from '../stores/pickers';
import { useStores } from '../stores';
import { texts } from '../texts';

/** The appointment section's two buttons and their overlays (spec section 2). */
export const AppointmentPickers = observer(function AppointmentPickers({ error }: { error?: string }) {
  const { checkout } = useStores();
  return (
    <div className="appointment">
      <div className="appointment__buttons">
        <button
          type="button"
          id="appointmentDate"
          className="picker-button"
          onClick={checkout.openDatePicker}
          aria-invalid={!!error}
          aria-describedby={error ? 'appointmentDate-error' : undefined}
        >
          <span className="picker-button__label">{texts.date}</span>
          <span className="picker-button__value">{checkout.dayLabel(checkout.appointmentDay)}</span>
        </button>
        <button
          type="button"
          className="picker-button"
          onClick={checkout.openTimePicker}
          disabled={!checkout.appointmentDay}
        >
          <span className="picker-button__label">{texts.time}</span>
          <span className="picker-button__value">{checkout.timeLabel}</span>
        </button>
      </div>
      {error && (
        <p id="appointmentDate-error" className="form__error">
          {error}
        </p>
      )}
      <Overlay open={!!checkout.datePicker} label={texts.chooseDate} onClose={checkout.closeDatePicker}>
        {checkout.datePicker && (
          <DatePicker
            picker={checkout.datePicker}
            onSave={checkout.saveDatePicker}
            onClose={checkout.closeDatePicker}
          />
        )}
      </Overlay>
      <Overlay open={!!checkout.timePicker} label={texts.chooseTime} onClose={checkout.closeTimePicker}>
        {checkout.timePicker && (
          <TimePicker
            picker={checkout.timePicker}
            onSave={checkout.saveTimePicker}
            onClose={checkout.closeTimePicker}
          />
        )}
      </Overlay>
    </div>
  );
});

const DatePicker = observer(function DatePicker({
  picker,
  onSave,
  onClose,
}: {
  picker: DatePickerState;
  onSave: () => void;
  onClose: () => void;
}) {
  return (
    <div className="picker__content">
      <div className="picker__head">
        <button
          type="button"
          className="icon-button"
          aria-label={texts.previousMonth}
          onClick={picker.previousMonth}
          disabled={!picker.canGoBack}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <h2 className="picker__title" aria-live="polite">
          {picker.title}
        </h2>
        <button type="button" className="icon-button" aria-label={texts.nextMonth} onClick={picker.nextMonth}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <table className="calendar">
        <thead>
          <tr>
            <th scope="col" className="calendar__week">
              <abbr title={texts.calendarWeek}>KW</abbr>
            </th>
            {WEEKDAY_SHORT_NAMES_DE.map((name) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {picker.weeks.map((week) => (
            <tr key={week.week}>
              <th scope="row" className="calendar__week">
                {week.week}
              </th>
              {week.days.map((day) => (
                <td key={day.date}>
                  <button
                    type="button"
                    className={`calendar__day${day.isInMonth ? '' : ' calendar__day--outside'}${day.isToday ? ' calendar__day--today' : ''}`}
                    disabled={!day.isAvailable}
                    aria-pressed={picker.selected === day.date}
                    aria-label={longDateLabel(day.date)}
                    onClick={() => picker.select(day.date)}
                  >
                    {day.day}
                  </button>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="picker__actions">
        <button type="button" className="button button--secondary" onClick={picker.clear}>
          {t('general.clear')}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('general.cancel')}
        </button>
        <button type="button" className="button button--primary" onClick={onSave} disabled={!picker.canSave}>
          {t('general.save')}
        </button>
      </div>
    </div>
  );
});

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

const TimePicker = observer(function TimePicker({
  picker,
  onSave,
  onClose,
}: {
  picker: TimePickerState;
  onSave: () => void;
  onClose: () => void;
}) {
  return (
    <div className="picker__content">
      <h2 className="picker__title">{texts.chooseTime}</h2>
      <div className="spinners">
        <Spinner
          label={texts.hour}
          value={pad(picker.hour)}
          onUp={() => picker.changeHour(1)}
          onDown={() => picker.changeHour(-1)}
        />
        <span className="spinners__colon" aria-hidden="true">
          :
        </span>
        <Spinner
          label={texts.minute}
          value={pad(picker.minute)}
          onUp={() => picker.changeMinute(1)}
          onDown={() => picker.changeMinute(-1)}
        />
      </div>
      {picker.hasWindows ? (
        <div className="time-windows">
          <p className="time-windows__title">{texts.availableTimes}</p>
          <ul>
            {picker.windowLabels.map((window) => (
              <li key={window.from}>
                <button type="button" className="link-button" onClick={() => picker.jumpTo(window.fromTime)}>
                  {window.from}
                </button>
                {' – '}
                <button type="button" className="link-button" onClick={() => picker.jumpTo(window.toTime)}>
                  {window.to}
                </button>
                {' Uhr'}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="time-windows__none">{t('appointment.noneOnDay')}</p>
      )}
      <div className="picker__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('general.cancel')}
        </button>
        <button type="button" className="button button--primary" onClick={onSave} disabled={!picker.canSave}>
          {t('general.save')}
        </button>
      </div>
    </div>
  );
});

/** An hour or minute spinner: the arrow keys and the two buttons change it. */
function Spinner({
  label,
  value,
  onUp,
  onDown,
}: {
  label: string;
  value: string;
  onUp: () => void;
  onDown: () => void;
}) {
  return (
    <div className="spinner">
      <button type="button" className="stepper-button" aria-label={texts.increaseOf(label)} onClick={onUp}>
        +
      </button>
      <div
        className="spinner__value"
        role="spinbutton"
        tabIndex={0}
        aria-label={label}
        aria-valuenow={Number(value)}
        aria-valuetext={value}
        onKeyDown={(event) => {
          if (event.key === 'ArrowUp') {
            event.preventDefault();
            onUp();
          } else if (event.key === 'ArrowDown') {
            event.preventDefault();
            onDown();
          }
        }}
      >
        {value}
      </div>
      <button type="button" className="stepper-button" aria-label={texts.decreaseOf(label)} onClick={onDown}>
        −
      </button>
    </div>
  );
}
