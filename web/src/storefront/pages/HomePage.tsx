import { observer } from 'mobx-react-lite';
import { PageTitle } from '../../components/PageTitle';
import { useStores } from '../stores';

const steps = [
  {
    title: 'Filiale wählen',
    text: 'Suchen Sie sich den Standort in Ihrer Nähe aus und sehen Sie auf einen Blick, wann geöffnet ist.',
  },
  {
    title: 'Bestellung zusammenstellen',
    text: 'Stellen Sie Ihre Produkte zusammen – zum Abholen (Takeaway), mit Lieferung oder vor Ort (Dine In).',
  },
  {
    title: 'Status verfolgen',
    text: 'Nach dem Absenden sehen Sie jederzeit, wie weit Ihre Bestellung ist und wann sie bereitsteht.',
  },
];

// Placeholder until /api/init delivers the site settings, branches and the home content.
export const HomePage = observer(function HomePage() {
  const { ui } = useStores();
  return (
    <>
      <PageTitle shopName={ui.shopName} />
      <section className="hero" aria-labelledby="home-title">
        <p className="hero__eyebrow">Herzlich willkommen</p>
        <h1 id="home-title" className="hero__title">
          {ui.shopName}
        </h1>
        <p className="hero__intro">
          Schön, dass Sie da sind! Hier bestellen Sie bequem online bei unseren Filialen – schnell, einfach
          und ohne Wartezeit.
        </p>
      </section>
      <section className="steps" aria-labelledby="steps-title">
        <h2 id="steps-title" className="section-title">
          So einfach geht’s
        </h2>
        <ol className="steps__list">
          {steps.map((step, index) => (
            <li key={step.title} className="card steps__item">
              <span className="steps__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="steps__title">{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
});
