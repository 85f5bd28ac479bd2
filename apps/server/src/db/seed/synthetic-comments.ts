import type { Language } from '@venue-voice/domain';

/** What a synthetic guest writes about, chosen by the response's mood (synthetic-responses.ts). */
export interface CommentCorpus {
  /** Praise: a promoter's comment, the positive box. */
  positive: readonly string[];
  /** A detractor's comment, the negative box. */
  negative: readonly string[];
  /** A passive's suggestion: fine, but. */
  improve: readonly string[];
  /** What went wrong with the food (the complaint's follow-up). */
  complaint: readonly string[];
  /** What made the visit special (a high CSAT's drill-down). */
  special: readonly string[];
  dishGood: readonly string[];
  dishBad: readonly string[];
  /** Thanks for a team member; `{name}` is their display name. */
  staff: readonly string[];
}

/** A few lines per language and sentiment: enough for the inbox, its search and the exports to show. */
export const COMMENTS: Record<Language, CommentCorpus> = {
  'en-gb': {
    positive: [
      'Lovely evening, the food was excellent and the staff really friendly.',
      'Best burger I have had in London, will definitely be back.',
      'Great atmosphere and quick service even though it was busy.',
      'Everything was spot on, thank you for a wonderful birthday dinner.',
      'Really good value for the quality. The desserts are a must.',
      'Warm welcome, lovely table by the window, perfect night out.',
    ],
    negative: [
      'We waited over 40 minutes for our mains and nobody told us why.',
      'The food arrived lukewarm and the steak was overcooked.',
      'Far too noisy, we could not hear each other talk.',
      'Overpriced for what you get, portions were tiny.',
      'Our order was wrong twice and the bill had items we did not have.',
      'The table was sticky and the toilets were not clean.',
    ],
    improve: [
      'Good food but the service was a bit slow.',
      'Nice place, more vegetarian options would be welcome.',
      'Decent meal, but the music was too loud for a Tuesday.',
      'Fine overall, the chips could have been crispier.',
      'Pleasant visit, though the wine list is quite limited.',
    ],
    complaint: [
      'My soup was cold and it took ages to get a replacement.',
      'The chicken was undercooked in the middle, I sent it back.',
      'Found a hair in the pasta. Not acceptable.',
      'The portion was half the size of last time for the same price.',
    ],
    special: [
      'The staff brought out a candle for my mum’s birthday, so kind.',
      'The chef came over to explain the specials, a lovely touch.',
      'Perfect anniversary dinner, thank you.',
      'They remembered our order from last time!',
    ],
    dishGood: ['Perfectly cooked.', 'Full of flavour.', 'Generous portion.', 'Beautifully presented.'],
    dishBad: ['Too salty.', 'Arrived cold.', 'Quite bland.', 'Very small portion.'],
    staff: [
      '{name} was brilliant, really looked after us.',
      'Thank you {name} for the great recommendations.',
      '{name} made us feel very welcome.',
      'Fast and friendly service from {name}.',
    ],
  },
  de: {
    positive: [
      'Ein wunderbarer Abend, das Essen war hervorragend und das Personal sehr freundlich.',
      'Der beste Burger, den ich in London gegessen habe, wir kommen wieder.',
      'Tolle Atmosphäre und schneller Service, obwohl viel los war.',
      'Alles war perfekt, danke für ein schönes Geburtstagsessen.',
      'Sehr gutes Preis-Leistungs-Verhältnis. Die Desserts sind ein Muss.',
      'Herzlicher Empfang, schöner Tisch am Fenster, ein perfekter Abend.',
    ],
    negative: [
      'Wir haben über 40 Minuten auf das Hauptgericht gewartet, ohne Erklärung.',
      'Das Essen kam lauwarm und das Steak war zu lange gebraten.',
      'Viel zu laut, wir konnten uns kaum unterhalten.',
      'Zu teuer für das, was man bekommt, die Portionen waren winzig.',
      'Die Bestellung war zweimal falsch und auf der Rechnung standen Dinge, die wir nicht hatten.',
      'Der Tisch klebte und die Toiletten waren nicht sauber.',
    ],
    improve: [
      'Gutes Essen, aber der Service war etwas langsam.',
      'Schönes Lokal, mehr vegetarische Gerichte wären schön.',
      'Ordentliches Essen, aber die Musik war für einen Dienstag zu laut.',
      'Insgesamt gut, die Pommes hätten knuspriger sein können.',
      'Angenehmer Besuch, die Weinkarte ist allerdings recht klein.',
    ],
    complaint: [
      'Meine Suppe war kalt und der Ersatz hat ewig gedauert.',
      'Das Hähnchen war innen nicht durch, ich habe es zurückgehen lassen.',
      'Ein Haar in der Pasta. Nicht akzeptabel.',
      'Die Portion war halb so groß wie beim letzten Mal, zum gleichen Preis.',
    ],
    special: [
      'Das Team brachte eine Kerze zum Geburtstag meiner Mutter, sehr aufmerksam.',
      'Der Koch kam an den Tisch und erklärte die Tagesgerichte, sehr nett.',
      'Ein perfektes Essen zum Jahrestag, vielen Dank.',
      'Sie haben sich an unsere Bestellung vom letzten Mal erinnert!',
    ],
    dishGood: ['Perfekt gegart.', 'Sehr aromatisch.', 'Großzügige Portion.', 'Schön angerichtet.'],
    dishBad: ['Zu salzig.', 'Kam kalt an.', 'Ziemlich fade.', 'Sehr kleine Portion.'],
    staff: [
      '{name} war großartig und hat sich toll um uns gekümmert.',
      'Danke {name} für die guten Empfehlungen.',
      '{name} hat uns sehr herzlich empfangen.',
      'Schneller und freundlicher Service von {name}.',
    ],
  },
  es: {
    positive: [
      'Una velada preciosa, la comida excelente y el personal muy amable.',
      'La mejor hamburguesa que he comido en Londres, volveremos seguro.',
      'Muy buen ambiente y servicio rápido aunque estaba lleno.',
      'Todo perfecto, gracias por una cena de cumpleaños maravillosa.',
      'Muy buena relación calidad-precio. Los postres son imprescindibles.',
      'Bienvenida cálida, una mesa junto a la ventana, una noche perfecta.',
    ],
    negative: [
      'Esperamos más de 40 minutos los platos principales y nadie nos explicó nada.',
      'La comida llegó tibia y el filete estaba demasiado hecho.',
      'Demasiado ruido, no podíamos hablar.',
      'Caro para lo que ofrecen, las raciones eran diminutas.',
      'Se equivocaron dos veces con el pedido y la cuenta tenía cosas que no pedimos.',
      'La mesa estaba pegajosa y los baños no estaban limpios.',
    ],
    improve: [
      'Buena comida, pero el servicio fue algo lento.',
      'Sitio agradable, se agradecerían más opciones vegetarianas.',
      'Comida correcta, pero la música estaba demasiado alta para un martes.',
      'Bien en general, las patatas podrían estar más crujientes.',
      'Visita agradable, aunque la carta de vinos es bastante corta.',
    ],
    complaint: [
      'Mi sopa estaba fría y tardaron muchísimo en cambiarla.',
      'El pollo estaba crudo por dentro, lo devolví.',
      'Encontré un pelo en la pasta. Inaceptable.',
      'La ración era la mitad que la última vez por el mismo precio.',
    ],
    special: [
      'Sacaron una vela por el cumpleaños de mi madre, qué detalle.',
      'El chef vino a explicarnos los platos del día, un detalle precioso.',
      'Una cena de aniversario perfecta, gracias.',
      '¡Se acordaban de lo que pedimos la última vez!',
    ],
    dishGood: ['En su punto.', 'Muy sabroso.', 'Ración generosa.', 'Muy bien presentado.'],
    dishBad: ['Demasiado salado.', 'Llegó frío.', 'Bastante soso.', 'Ración muy pequeña.'],
    staff: [
      '{name} estuvo genial, nos atendió de maravilla.',
      'Gracias {name} por las recomendaciones.',
      '{name} nos hizo sentir muy bienvenidos.',
      'Servicio rápido y amable de {name}.',
    ],
  },
  it: {
    positive: [
      'Una serata splendida, cibo ottimo e personale gentilissimo.',
      'Il miglior hamburger che abbia mangiato a Londra, torneremo di sicuro.',
      'Bell’atmosfera e servizio veloce anche se era pieno.',
      'Tutto perfetto, grazie per una cena di compleanno meravigliosa.',
      'Ottimo rapporto qualità-prezzo. I dolci sono da provare.',
      'Accoglienza calorosa, tavolo vicino alla finestra, serata perfetta.',
    ],
    negative: [
      'Abbiamo aspettato più di 40 minuti per i secondi e nessuno ci ha detto nulla.',
      'Il cibo è arrivato tiepido e la bistecca era troppo cotta.',
      'Troppo rumoroso, non riuscivamo a parlare.',
      'Troppo caro per quello che offre, porzioni minuscole.',
      'Hanno sbagliato l’ordine due volte e nel conto c’erano cose non ordinate.',
      'Il tavolo era appiccicoso e i bagni non erano puliti.',
    ],
    improve: [
      'Cibo buono ma il servizio un po’ lento.',
      'Locale carino, servirebbero più piatti vegetariani.',
      'Pasto discreto, ma la musica era troppo alta per un martedì.',
      'Nel complesso bene, le patatine potevano essere più croccanti.',
      'Visita piacevole, anche se la carta dei vini è piuttosto limitata.',
    ],
    complaint: [
      'La zuppa era fredda e ci hanno messo tantissimo a sostituirla.',
      'Il pollo era crudo all’interno, l’ho rimandato indietro.',
      'Ho trovato un capello nella pasta. Inaccettabile.',
      'La porzione era la metà dell’ultima volta allo stesso prezzo.',
    ],
    special: [
      'Hanno portato una candelina per il compleanno di mia madre, molto gentili.',
      'Lo chef è venuto a spiegarci i piatti del giorno, un bel gesto.',
      'Una cena di anniversario perfetta, grazie.',
      'Si ricordavano della nostra ordinazione dell’ultima volta!',
    ],
    dishGood: ['Cotto alla perfezione.', 'Molto saporito.', 'Porzione generosa.', 'Presentato benissimo.'],
    dishBad: ['Troppo salato.', 'Arrivato freddo.', 'Piuttosto insipido.', 'Porzione molto piccola.'],
    staff: [
      '{name} è stato fantastico, si è preso cura di noi.',
      'Grazie {name} per gli ottimi consigli.',
      '{name} ci ha fatto sentire i benvenuti.',
      'Servizio veloce e cordiale da parte di {name}.',
    ],
  },
};
