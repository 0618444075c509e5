// Compare's family buttons: one per family of the registry's learners
// (their card's `group`: the perceptron and PA, the pockets, AROW and SCW,
// LIBOL's, the perceptron's relatives, the kernel learners), each putting
// that family's learners side by side; only those that can learn the data
// now (the task, and with more than two classes the reduction: the same
// filter as the checklist), at most MAX_COMPARED. A family with fewer than
// two such learners is greyed out, and says why. Loaded when Compare is
// first shown, with its words (the catalogues' compare part).
import { catalogue, learnersFor } from './catalogue.js';
import { MAX_COMPARED } from './state.js';
import { count, t, usePart } from './i18n.js';

const $ = (id) => document.getElementById(id);

/** Each family's name for people, in the order of the buttons (the registry's GROUPS). */
const NAMES = {
  linear: () => t('The perceptron and PA'),
  pocket: () => t('The pockets'),
  'second-order': () => t('AROW and SCW'),
  libol: () => t("LIBOL's binary learners"),
  relatives: () => t("The perceptron's relatives"),
  kernel: () => t('The kernel learners'),
};

/** The learners of `group` that can learn the data now, in the registry's order, at most MAX_COMPARED. */
export function familyMembers(group, settings) {
  return learnersFor(settings.task, settings.classes, settings.multiclass).filter((l) => l.group === group).slice(0, MAX_COMPARED);
}

/** Shows a button per family in Compare (once its words are in); a click puts the family side by side. */
export async function syncFamilies(app, page, settings) {
  await usePart('compare').catch(() => {});
  const box = $('compare-families');
  box.setAttribute('role', 'group');
  box.setAttribute('aria-label', t('Compare a family'));
  const chosen = [...page.algos].sort().join();
  box.replaceChildren(...Object.keys(NAMES).map((group) => {
    const members = familyMembers(group, settings);
    const all = catalogue().learners.filter((l) => l.group === group);
    const names = members.map((l) => l.name);
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.family = group;
    button.textContent = t('{family} ({n})', { family: NAMES[group](), n: count(members.length) });
    button.setAttribute('aria-pressed', String(names.length > 1 && [...names].sort().join() === chosen));
    button.disabled = members.length < 2;
    const list = all.map((l) => l.label).join(', ');
    button.title = members.length < 2
      ? t('Greyed out: fewer than two of {list} can learn this data.', { list })
      : `${t('Side by side: {list}', { list: members.map((l) => l.label).join(', ') })}${members.length < all.length ? ` ${t('({n} of the {all}: the others cannot learn this data, or Compare holds {max} at most)', { n: count(members.length), all: count(all.length), max: MAX_COMPARED })}` : ''}`;
    button.addEventListener('click', () => app.setCompared(names));
    return button;
  }));
}
