import type { RecoveryChannel } from '@app/contracts/recovery';

export interface ChannelOption {
  value: RecoveryChannel;
  label: string;
  /** The masked phone or the e-mail shown after the label. */
  target: string;
}

interface ChannelChoiceProps {
  legend: string;
  options: ChannelOption[];
  value: RecoveryChannel | null;
  onChange: (value: RecoveryChannel) => void;
}

/** The channel radios of the recovery steps (spec 1 §2): field channel, values sms or email. */
export function ChannelChoice({ legend, options, value, onChange }: ChannelChoiceProps) {
  return (
    <fieldset className="app-stack app-fieldset">
      <legend className="app-text">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="app-text app-radio">
          <input
            type="radio"
            name="channel"
            value={option.value}
            checked={value === option.value}
            onChange={() => {
              onChange(option.value);
            }}
          />{' '}
          <span>
            {option.label} <strong>{option.target}</strong>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
