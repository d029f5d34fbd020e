/**
 * Towns of each of the 32 counties with real coordinates: the control panel's editor offers them for a listing's area
 * (naming one places the pin), and seeded posts sit within a kilometre of one.
 */
export type Town = readonly [name: string, lat: number, lng: number];

export const COUNTY_TOWNS: Record<string, readonly Town[]> = {
  antrim: [['Ballymena', 54.863, -6.276], ['Antrim', 54.716, -6.209], ['Larne', 54.851, -5.823], ['Ballycastle', 55.204, -6.241]],
  armagh: [['Armagh', 54.35, -6.653], ['Lurgan', 54.463, -6.335], ['Portadown', 54.423, -6.444]],
  carlow: [['Carlow', 52.836, -6.934], ['Tullow', 52.8, -6.737], ['Bagenalstown', 52.7, -6.958]],
  cavan: [['Cavan', 53.991, -7.36], ['Bailieborough', 53.914, -6.969], ['Virginia', 53.834, -7.078]],
  clare: [['Ennis', 52.844, -8.986], ['Kilrush', 52.639, -9.483], ['Shannon', 52.704, -8.865], ['Lisdoonvarna', 53.03, -9.289]],
  cork: [['Cork City', 51.898, -8.475], ['Mallow', 52.139, -8.645], ['Kinsale', 51.706, -8.522], ['Bantry', 51.68, -9.453], ['Youghal', 51.953, -7.85], ['Clonakilty', 51.623, -8.87]],
  derry: [['Derry', 54.997, -7.309], ['Coleraine', 55.132, -6.668], ['Limavady', 55.051, -6.951], ['Magherafelt', 54.755, -6.607]],
  donegal: [['Letterkenny', 54.95, -7.734], ['Donegal Town', 54.654, -8.11], ['Buncrana', 55.133, -7.453], ['Bundoran', 54.478, -8.28]],
  down: [['Newry', 54.178, -6.337], ['Bangor', 54.653, -5.668], ['Downpatrick', 54.328, -5.716], ['Newcastle', 54.217, -5.89]],
  dublin: [['Dublin City', 53.349, -6.26], ['Swords', 53.46, -6.218], ['Dún Laoghaire', 53.294, -6.134], ['Tallaght', 53.288, -6.373], ['Malahide', 53.45, -6.154], ['Howth', 53.387, -6.065]],
  fermanagh: [['Enniskillen', 54.344, -7.639], ['Lisnaskea', 54.251, -7.443], ['Irvinestown', 54.473, -7.632]],
  galway: [['Galway City', 53.27, -9.057], ['Tuam', 53.515, -8.851], ['Clifden', 53.489, -10.019], ['Ballinasloe', 53.328, -8.219], ['Loughrea', 53.197, -8.567]],
  kerry: [['Tralee', 52.271, -9.702], ['Killarney', 52.059, -9.504], ['Dingle', 52.141, -10.269], ['Listowel', 52.446, -9.485], ['Kenmare', 51.88, -9.583]],
  kildare: [['Naas', 53.216, -6.667], ['Newbridge', 53.182, -6.797], ['Maynooth', 53.381, -6.592], ['Kildare Town', 53.158, -6.91], ['Athy', 52.992, -6.985]],
  kilkenny: [['Kilkenny', 52.654, -7.244], ['Thomastown', 52.526, -7.138], ['Castlecomer', 52.806, -7.21]],
  laois: [['Portlaoise', 53.034, -7.3], ['Abbeyleix', 52.915, -7.348], ['Mountmellick', 53.113, -7.32]],
  leitrim: [['Carrick-on-Shannon', 53.947, -8.09], ['Manorhamilton', 54.306, -8.177], ['Mohill', 53.922, -7.865]],
  limerick: [['Limerick City', 52.668, -8.63], ['Newcastle West', 52.449, -9.061], ['Adare', 52.564, -8.79], ['Kilmallock', 52.4, -8.577]],
  longford: [['Longford', 53.727, -7.8], ['Granard', 53.779, -7.496], ['Ballymahon', 53.564, -7.765]],
  louth: [['Drogheda', 53.718, -6.35], ['Dundalk', 54.0, -6.405], ['Ardee', 53.858, -6.54], ['Carlingford', 54.042, -6.188]],
  mayo: [['Castlebar', 53.855, -9.298], ['Westport', 53.8, -9.518], ['Ballina', 54.115, -9.155], ['Knock', 53.792, -8.917]],
  meath: [['Navan', 53.653, -6.681], ['Trim', 53.555, -6.791], ['Kells', 53.726, -6.879], ['Ashbourne', 53.511, -6.397]],
  monaghan: [['Monaghan', 54.249, -6.968], ['Carrickmacross', 53.978, -6.719], ['Clones', 54.179, -7.231], ['Castleblayney', 54.12, -6.737]],
  offaly: [['Tullamore', 53.274, -7.488], ['Birr', 53.091, -7.913], ['Edenderry', 53.345, -7.049]],
  roscommon: [['Roscommon', 53.631, -8.19], ['Boyle', 53.973, -8.3], ['Castlerea', 53.768, -8.492]],
  sligo: [['Sligo', 54.277, -8.475], ['Tubbercurry', 54.056, -8.729], ['Strandhill', 54.271, -8.601]],
  tipperary: [['Clonmel', 52.355, -7.704], ['Nenagh', 52.862, -8.197], ['Thurles', 52.68, -7.813], ['Cashel', 52.516, -7.886]],
  tyrone: [['Omagh', 54.6, -7.3], ['Dungannon', 54.503, -6.767], ['Cookstown', 54.643, -6.745], ['Strabane', 54.827, -7.463]],
  waterford: [['Waterford City', 52.259, -7.11], ['Dungarvan', 52.088, -7.625], ['Tramore', 52.162, -7.152], ['Lismore', 52.137, -7.931]],
  westmeath: [['Mullingar', 53.526, -7.338], ['Athlone', 53.423, -7.94], ['Moate', 53.396, -7.72]],
  wexford: [['Wexford', 52.336, -6.463], ['Enniscorthy', 52.501, -6.558], ['Gorey', 52.675, -6.293], ['New Ross', 52.396, -6.937]],
  wicklow: [['Bray', 53.203, -6.098], ['Wicklow Town', 52.98, -6.044], ['Arklow', 52.798, -6.16], ['Greystones', 53.144, -6.063], ['Glendalough', 53.011, -6.327]],
};
