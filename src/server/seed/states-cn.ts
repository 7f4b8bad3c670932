import type { SeedState } from './types';

/**
 * China's delivery zones for the demo shop (docs/decisions/041): the 34 provincial-level divisions as ISO 3166-2:CN
 * lists them — 23 provinces (Taiwan among them), 5 autonomous regions, 4 municipalities and the 2 special
 * administrative regions — with their ISO codes, in the order of the national standard GB/T 2260 that Chinese
 * address forms use. Fees in cents, Standard then Expedited: Hong Kong and Macau cheapest from Manila, the south and
 * east coast next, then the centre and the west; Expedited (2-3 days) is not offered to Xizang.
 */

type Tier = readonly [standard: number, expedited: number, expeditedOffered?: false];
const SAR: Tier = [600, 1100];
const SOUTH: Tier = [700, 1400];
const EAST: Tier = [750, 1400];
const CAPITAL: Tier = [800, 1500];
const CENTRE: Tier = [850, 1600];
const WEST: Tier = [900, 1700];
const FAR: Tier = [1100, 2000];

const rows: ReadonlyArray<readonly [code: string, en: string, zh: string, tier: Tier]> = [
  ['CN-BJ', 'Beijing', '北京', CAPITAL],
  ['CN-TJ', 'Tianjin', '天津', CAPITAL],
  ['CN-HE', 'Hebei', '河北', CENTRE],
  ['CN-SX', 'Shanxi', '山西', CENTRE],
  ['CN-NM', 'Inner Mongolia', '内蒙古', FAR],
  ['CN-LN', 'Liaoning', '辽宁', CENTRE],
  ['CN-JL', 'Jilin', '吉林', CENTRE],
  ['CN-HL', 'Heilongjiang', '黑龙江', WEST],
  ['CN-SH', 'Shanghai', '上海', CAPITAL],
  ['CN-JS', 'Jiangsu', '江苏', EAST],
  ['CN-ZJ', 'Zhejiang', '浙江', EAST],
  ['CN-AH', 'Anhui', '安徽', CENTRE],
  ['CN-FJ', 'Fujian', '福建', SOUTH],
  ['CN-JX', 'Jiangxi', '江西', CENTRE],
  ['CN-SD', 'Shandong', '山东', EAST],
  ['CN-HA', 'Henan', '河南', CENTRE],
  ['CN-HB', 'Hubei', '湖北', CENTRE],
  ['CN-HN', 'Hunan', '湖南', CENTRE],
  ['CN-GD', 'Guangdong', '广东', SOUTH],
  ['CN-GX', 'Guangxi', '广西', SOUTH],
  ['CN-HI', 'Hainan', '海南', SOUTH],
  ['CN-CQ', 'Chongqing', '重庆', WEST],
  ['CN-SC', 'Sichuan', '四川', WEST],
  ['CN-GZ', 'Guizhou', '贵州', WEST],
  ['CN-YN', 'Yunnan', '云南', WEST],
  ['CN-XZ', 'Xizang (Tibet)', '西藏', [1200, 2200, false]],
  ['CN-SN', 'Shaanxi', '陕西', CENTRE],
  ['CN-GS', 'Gansu', '甘肃', FAR],
  ['CN-QH', 'Qinghai', '青海', FAR],
  ['CN-NX', 'Ningxia', '宁夏', FAR],
  ['CN-XJ', 'Xinjiang', '新疆', FAR],
  ['CN-TW', 'Taiwan', '台湾', SOUTH],
  ['CN-HK', 'Hong Kong', '香港', SAR],
  ['CN-MO', 'Macau', '澳门', SAR],
];

export const statesCn: SeedState[] = rows.map(([code, name_en, name_zh, [standard, expedited, offered]]) => ({
  code,
  name_en,
  name_zh,
  country: 'CN',
  standard_fee_cents: standard,
  expedited_fee_cents: expedited,
  expedited_offered: offered === false ? 0 : 1,
}));
