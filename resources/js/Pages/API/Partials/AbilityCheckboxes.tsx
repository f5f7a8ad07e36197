import Checkbox from '@/Components/Checkbox';

type AbilityCheckboxesProps = {
  /** Prefix of the inputs' ids, so that two lists on one page do not collide. */
  idPrefix: string;
  available: string[];
  checked: string[];
  onChange: (abilities: string[]) => void;
};

/** One checkbox per ability, kept in the order the server lists them. */
export default function AbilityCheckboxes({ idPrefix, available, checked, onChange }: AbilityCheckboxesProps) {
  const toggle = (ability: string, on: boolean) =>
    onChange(available.filter((candidate) => (candidate === ability ? on : checked.includes(candidate))));

  return (
    <div className="mt-2 grid grid-cols-1 gap-4 md:grid-cols-2">
      {available.map((ability) => (
        <label key={ability} htmlFor={`${idPrefix}-${ability}`} className="flex items-center">
          <Checkbox
            id={`${idPrefix}-${ability}`}
            value={ability}
            checked={checked.includes(ability)}
            onChange={(event) => toggle(ability, event.target.checked)}
          />
          <span className="ms-2 text-sm text-gray-600">{ability}</span>
        </label>
      ))}
    </div>
  );
}
