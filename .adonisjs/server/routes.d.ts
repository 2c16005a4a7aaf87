import '@adonisjs/core/types/http'

type ParamValue = string | number | bigint | boolean

export type ScannedRoutes = {
  ALL: {
    'pages.home': { paramsTuple?: []; params?: {} }
  }
  GET: {
    'pages.home': { paramsTuple?: []; params?: {} }
  }
  HEAD: {
    'pages.home': { paramsTuple?: []; params?: {} }
  }
}
declare module '@adonisjs/core/types/http' {
  export interface RoutesList extends ScannedRoutes {}
}