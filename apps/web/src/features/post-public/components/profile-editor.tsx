import type { ReactNode } from 'react';
import { Alert, Button, Input } from 'antd';
import {
  ABILITY_LEVEL_NAMES,
  ABILITY_LEVELS,
  ABILITY_LEARNING,
  DEFAULT_ABILITY_DIMENSIONS,
  modelWeightProblem,
  type PositionProfile,
  type ProfileAbility,
} from '@kaopei/shared';

const LEVEL_OPTIONS = ABILITY_LEVELS.map((level) => ({
  value: level,
  label: `${level} 级 · ${ABILITY_LEVEL_NAMES[level]}`,
}));
/** The four default dimensions, plus a template's own when it names another. */
const dimensionOptions = (current: string): string[] =>
  (DEFAULT_ABILITY_DIMENSIONS as readonly string[]).includes(current)
    ? [...DEFAULT_ABILITY_DIMENSIONS]
    : [...DEFAULT_ABILITY_DIMENSIONS, current];
/** Whole percent 0–100; anything else typed counts as 0 until corrected. */
const weightOf = (text: string): number => {
  const value = Math.round(Number(text));
  return Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0;
};
/** Abilities any template names, offered as suggestions when adding one. */
const ABILITY_NAMES = Object.keys(ABILITY_LEARNING);

interface Props {
  profile: PositionProfile;
  onChange: (profile: PositionProfile) => void;
}

function AbilityRow({
  ability,
  index,
  onChange,
  onRemove,
}: {
  ability: ProfileAbility;
  index: number;
  onChange: (ability: ProfileAbility) => void;
  onRemove: () => void;
}): ReactNode {
  const label = ability.name || `第 ${index + 1} 项能力`;
  return (
    <li className="kp-build__ability">
      <Input
        aria-label={`${label}：能力名称`}
        placeholder="能力名称"
        value={ability.name}
        maxLength={50}
        onChange={(e) =>
          onChange({
            ...ability,
            name: e.target.value,
            learning: ABILITY_LEARNING[e.target.value.trim()] ?? [],
          })
        }
      />
      <select
        className="kp-build__select"
        aria-label={`${label}：能力维度`}
        value={ability.dimension}
        onChange={(e) => onChange({ ...ability, dimension: e.target.value })}
      >
        {dimensionOptions(ability.dimension).map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      <select
        className="kp-build__select"
        aria-label={`${label}：要求等级`}
        value={ability.requiredLevel}
        onChange={(e) => onChange({ ...ability, requiredLevel: Number(e.target.value) })}
      >
        {LEVEL_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Input
        type="number"
        aria-label={`${label}：权重（%）`}
        min={0}
        max={100}
        step={1}
        value={ability.weight}
        suffix="%"
        onChange={(e) => onChange({ ...ability, weight: weightOf(e.target.value) })}
      />
      <Button danger type="text" onClick={onRemove} aria-label={`删除能力 ${label}`}>
        删除
      </Button>
    </li>
  );
}

const lines = (text: string) => text.split('\n');

/** Edits the visitor's position profile: name, family, duties, ability model and knowledge topics. */
export function ProfileEditor({ profile, onChange }: Props): ReactNode {
  const weightProblem = modelWeightProblem(profile.abilities.map((a) => a.weight));
  const setAbility = (index: number, ability: ProfileAbility) =>
    onChange({ ...profile, abilities: profile.abilities.map((a, i) => (i === index ? ability : a)) });
  const addAbility = () => {
    const unused = ABILITY_NAMES.find((name) => !profile.abilities.some((a) => a.name === name)) ?? '';
    onChange({
      ...profile,
      abilities: [
        ...profile.abilities,
        {
          name: unused,
          dimension: '专业技能',
          requiredLevel: 3,
          weight: 0,
          learning: ABILITY_LEARNING[unused] ?? [],
        },
      ],
    });
  };
  return (
    <div className="kp-build__editor">
      <div className="kp-build__fields">
        <label className="kp-build__field">
          <span>岗位名称</span>
          <Input
            value={profile.name}
            maxLength={100}
            placeholder="例如：Java开发工程师"
            onChange={(e) => onChange({ ...profile, name: e.target.value })}
          />
        </label>
        <label className="kp-build__field">
          <span>岗位序列</span>
          <Input
            value={profile.family}
            maxLength={100}
            placeholder="例如：技术序列"
            onChange={(e) => onChange({ ...profile, family: e.target.value })}
          />
        </label>
      </div>
      <label className="kp-build__field">
        <span>岗位职责（每行一条）</span>
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 8 }}
          value={profile.duties.join('\n')}
          onChange={(e) => onChange({ ...profile, duties: lines(e.target.value) })}
        />
      </label>
      <h3 className="kp-build__subtitle" id="kp-build-abilities">
        能力模型
      </h3>
      {profile.abilities.length === 0 ? <p className="kp-build__hint">还没有能力，请添加。</p> : null}
      <ul className="kp-build__abilities" aria-labelledby="kp-build-abilities">
        {profile.abilities.map((ability, index) => (
          <AbilityRow
            key={index}
            ability={ability}
            index={index}
            onChange={(next) => setAbility(index, next)}
            onRemove={() =>
              onChange({ ...profile, abilities: profile.abilities.filter((_, i) => i !== index) })
            }
          />
        ))}
      </ul>
      <Button onClick={addAbility}>添加能力</Button>
      {weightProblem ? (
        <Alert className="kp-build__alert" type="warning" showIcon message={weightProblem} />
      ) : null}
      <label className="kp-build__field">
        <span>知识主题（每行一个）</span>
        <Input.TextArea
          autoSize={{ minRows: 2, maxRows: 8 }}
          value={profile.knowledge.join('\n')}
          onChange={(e) => onChange({ ...profile, knowledge: lines(e.target.value) })}
        />
      </label>
    </div>
  );
}
